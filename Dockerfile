# One image for every role of school-agent; the command picks the role:
#   serve --host 0.0.0.0 --workers 0   the HTTP API (the page, the LangGraph Server API at the root)
#   worker                             a worker process: runs and scheduled work
#   db setup                           create or migrate the schema, then exit
# DATABASE_URL names the Postgres (without it the embedded one would start inside the container).
#   docker build -t school-agent .
#   docker run --rm -p 8000:8000 -e DATABASE_URL=postgresql://... school-agent serve --host 0.0.0.0
# No HEALTHCHECK here: a worker serves no HTTP. An API's check (docker-compose.yml has it) needs no
# curl: python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/ok?check_db=1')"
FROM python:3.12-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PATH=/opt/venv/bin:$PATH

RUN python -m venv /opt/venv

WORKDIR /build
# The dependencies in a layer of their own, rebuilt only when the pins or the dependency list
# change: with no source yet, setuptools finds no package and builds an empty project, whose
# requirements pip installs pinned by constraints.txt (the project itself goes again below).
COPY pyproject.toml constraints.txt README.md ./
RUN pip install -c constraints.txt . && pip uninstall -y school-agent

COPY agent ./agent
COPY graphs ./graphs
COPY middleware ./middleware
COPY skills ./skills
COPY memories ./memories
RUN pip install --no-deps -c constraints.txt . && rm -rf /build

RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin school
USER school
WORKDIR /home/school
# Only used if DATABASE_URL is missing: the embedded Postgres then lives in the user's home.
ENV SCHOOL_DATA_DIR=/home/school/.school-data

EXPOSE 8000
ENTRYPOINT ["school-agent"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8000"]
