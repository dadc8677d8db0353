// A page of our own on the SDK's React `useStream` hook (@langchain/langgraph-sdk/react): a student
// chats with the `school` assistant and confirms their own requests with a "yes" (the school's
// approval policy); when the thread stops for an operator's decision, the page shows the request
// and an operator approves it. It speaks only the LangGraph Server API, at
// `<this origin>/langgraph` unless `?apiUrl=` says otherwise; keys come from the inputs or from
// `?studentKey=` and `?operatorKey=`. The student's view rejoins a run that was streaming when the
// page was reloaded (`reconnectOnMount`: the SDK keeps the run's id in sessionStorage; the page keeps
// the thread's id there too). `make browser` bundles it into tests/browser/dist/usestream/;
// tests/browser/usestream_e2e.mjs and usestream_reload_e2e.mjs drive it.

import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { useStream } from "@langchain/langgraph-sdk/react";

const query = new URLSearchParams(window.location.search);
const API_URL = query.get("apiUrl") ?? `${window.location.origin}/langgraph`;
const ASSISTANT_ID = "school";
const APPROVE = { resume: { decisions: [{ type: "approve" }] } };
const THREAD_KEY = "school:thread";

/** A message's text, whether its content is a string or a list of parts. */
function textOf(content) {
  return typeof content === "string" ? content : content.map((part) => part.text ?? "").join("");
}

/** An error as the page shows it: the SDK's HTTP errors carry the status and the server's detail. */
function describe(error) {
  return error instanceof Error ? error.message : String(error);
}

/** The first HITL action request of a thread's interrupt, when it waits on one. */
function requestOf(interrupt) {
  const value = Array.isArray(interrupt) ? interrupt[0]?.value : interrupt?.value;
  const request = value?.actionRequests?.[0];
  return request
    ? { ...request, allowed: value.reviewConfigs?.[0]?.allowedDecisions ?? [], approver: value.approver ?? "operator" }
    : undefined;
}

function Messages({ messages }) {
  return (
    <ol data-testid="messages">
      {messages.map((message, index) => (
        <li key={message.id ?? index} data-testid="chat-message" data-type={message.type}>
          {textOf(message.content)}
        </li>
      ))}
    </ol>
  );
}

/** The student's conversation: sends messages, shows the replies and what waits for approval. */
function Chat({ apiKey, threadId, onThreadId, onPaused }) {
  const [draft, setDraft] = useState("");
  const [error, setError] = useState("");
  const stream = useStream({
    apiUrl: API_URL,
    apiKey,
    assistantId: ASSISTANT_ID,
    threadId,
    onThreadId,
    reconnectOnMount: true,
    onError: (err) => setError(describe(err)),
  });
  const interrupt = stream.isLoading ? undefined : stream.interrupt;
  const request = requestOf(interrupt);
  // Only a request waiting for an operator goes to the operator's panel.
  const forStaff = request?.approver === "operator";
  const interruptId = forStaff ? (Array.isArray(interrupt) ? interrupt[0].id : interrupt.id) : undefined;
  useEffect(() => {
    if (interruptId) onPaused(interruptId);
  }, [interruptId]);

  const send = (event) => {
    event.preventDefault();
    setError("");
    stream.submit({ messages: [{ type: "human", content: draft }] });
    setDraft("");
  };
  const state = stream.isThreadLoading ? "loading" : stream.isLoading ? "running" : request ? "interrupted" : "idle";
  return (
    <section data-testid="chat" data-state={state}>
      <h2>Conversation (student)</h2>
      <Messages messages={stream.messages} />
      {request && (
        <p data-testid="awaiting-approval" data-approver={request.approver}>
          {forStaff ? "Waiting for approval" : "Waiting for your confirmation (yes or no)"}: {request.description}
        </p>
      )}
      <form onSubmit={send}>
        <input data-testid="draft" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="Ask" />
        <button data-testid="send" type="submit" disabled={stream.isLoading || !draft}>
          Send
        </button>
      </form>
      {error && <p data-testid="error">{error}</p>}
    </section>
  );
}

/** The operator's view of a paused thread: the request read from the thread's state, and Approve. */
function Review({ apiKey, threadId, onDecided }) {
  const [error, setError] = useState("");
  const [decided, setDecided] = useState(false);
  const stream = useStream({
    apiUrl: API_URL,
    apiKey,
    assistantId: ASSISTANT_ID,
    threadId,
    onError: (err) => setError(describe(err)),
    onFinish: () => onDecided(),
  });
  const request = stream.isLoading ? undefined : requestOf(stream.interrupt);
  const approve = () => {
    setError("");
    setDecided(true);
    stream.submit(null, { command: APPROVE });
  };
  const reply = decided && !stream.isLoading ? stream.messages.at(-1) : undefined;
  const state = stream.isThreadLoading ? "loading" : stream.isLoading ? "running" : request ? "waiting" : "decided";
  return (
    <section data-testid="review" data-state={state}>
      <h2>Approval (operator)</h2>
      {request && (
        <div data-testid="approval">
          <code data-testid="approval-action">
            {request.name}({JSON.stringify(request.args)})
          </code>
          <p data-testid="approval-description">{request.description}</p>
          <p data-testid="approval-decisions">{request.allowed.join(", ")}</p>
          <button data-testid="approve" type="button" onClick={approve} disabled={stream.isLoading}>
            Approve
          </button>
        </div>
      )}
      {reply && <p data-testid="review-reply">{textOf(reply.content)}</p>}
      {error && <p data-testid="error">{error}</p>}
    </section>
  );
}

function App() {
  const [studentKey, setStudentKey] = useState(query.get("studentKey") ?? "");
  const [operatorKey, setOperatorKey] = useState(query.get("operatorKey") ?? "");
  // Kept for this tab, so that a reload shows the same thread and rejoins the run streaming on it.
  const [threadId, setThreadId] = useState(() => sessionStorage.getItem(THREAD_KEY));
  const rememberThread = (id) => {
    sessionStorage.setItem(THREAD_KEY, id);
    setThreadId(id);
  };
  const [paused, setPaused] = useState(null);
  // Each decision remounts the student's view, which reads the thread again (as a reload would).
  const [decisions, setDecisions] = useState(0);
  return (
    <main>
      <h1>School assistant</h1>
      <section>
        <label>
          Student key{" "}
          <input data-testid="student-key" value={studentKey} onChange={(e) => setStudentKey(e.target.value)} />
        </label>
        <label>
          Operator key{" "}
          <input data-testid="operator-key" value={operatorKey} onChange={(e) => setOperatorKey(e.target.value)} />
        </label>
        <p>
          Thread: <output data-testid="thread-id">{threadId ?? ""}</output>
        </p>
      </section>
      {studentKey && (
        <Chat
          key={`${studentKey}:${decisions}`}
          apiKey={studentKey}
          threadId={threadId}
          onThreadId={rememberThread}
          onPaused={setPaused}
        />
      )}
      {paused && threadId && operatorKey && (
        <Review key={paused} apiKey={operatorKey} threadId={threadId} onDecided={() => setDecisions((n) => n + 1)} />
      )}
    </main>
  );
}

createRoot(document.getElementById("root")).render(<App />);
