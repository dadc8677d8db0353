"""Domain errors: each names what went wrong and carries a message fit to show a student."""

from __future__ import annotations

from typing import Any


class DomainError(Exception):
    """A request the school's rules refuse. `code` is stable; the message is for people."""

    code = "domain_error"

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details = details


class UnknownCohortError(DomainError):
    """No cohort has that id."""

    code = "unknown_cohort"


class CohortStartedError(DomainError):
    """The cohort has already started and takes no new students."""

    code = "cohort_started"


class CohortFullError(DomainError):
    """Every seat of the cohort is taken; the waitlist is open."""

    code = "cohort_full"


class SeatsAvailableError(DomainError):
    """A waitlist place was asked for while seats are still free."""

    code = "seats_available"


class AlreadyEnrolledError(DomainError):
    """The student already holds an active enrollment or waitlist place in the cohort."""

    code = "already_enrolled"


class NoEnrollmentError(DomainError):
    """The student has no enrollment in the cohort."""

    code = "no_enrollment"


class IllegalTransitionError(DomainError):
    """The enrollment's status does not allow the requested change."""

    code = "illegal_transition"


class SameCohortError(DomainError):
    """A transfer was asked for from a cohort into that same cohort."""

    code = "same_cohort"


class DifferentCourseError(DomainError):
    """A transfer was asked for between cohorts of two different courses."""

    code = "different_course"


class IdempotencyConflictError(DomainError):
    """An idempotency key was reused for a different request."""

    code = "idempotency_conflict"
