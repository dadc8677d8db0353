// The approval card: what a thread waits on (LangChain's HITL payload: action_requests,
// review_configs, action_id, approver), in words, with the decisions its reader may send.
//
// Whose decision it is comes from the request's `approver`, as the school's policy set it; the
// buttons follow `review_configs`. The server checks both again: the page only leaves out what
// would be refused.

import { el } from "./dom.js";

const ACTION_WORDS = {
  enroll: "Enroll",
  join_waitlist: "Join the waiting list",
  pay: "Pay",
  cancel: "Cancel the enrollment",
  transfer: "Transfer",
};
const ARG_WORDS = { student_id: "student", cohort_id: "cohort", from_cohort_id: "from cohort" };

/** An action in words: "Cancel the enrollment: student ada, cohort rag-2". */
export function describeAction(action) {
  const args = Object.entries(action.args ?? {})
    .sort(([a], [b]) => (a === "student_id" ? -1 : b === "student_id" ? 1 : 0))
    .map(([name, value]) => `${ARG_WORDS[name] ?? name.replaceAll("_", " ")} ${typeof value === "string" ? value : JSON.stringify(value)}`);
  const what = ACTION_WORDS[action.name] ?? action.name.replaceAll("_", " ");
  return args.length ? `${what}: ${args.join(", ")}` : what;
}

/** Whose decision the request waits for, as `viewer` (the signed-in user) should read it. */
export function waitsFor(request, viewer) {
  if (request.approver === "student") {
    return viewer.role === "student" ? "Waiting for your confirmation" : "Waiting for the student's confirmation";
  }
  return viewer.role === "operator" ? "Waiting for a decision by staff (you)" : "Waiting for staff: a member of our staff decides";
}

/** The decisions every action of the request allows; all three when it lists no review configs. */
function allowedDecisions(request) {
  let allowed = ["approve", "edit", "reject"];
  for (const config of request.review_configs ?? []) allowed = allowed.filter((d) => config.allowed_decisions?.includes(d));
  return allowed;
}

/**
 * The card for `request` on thread `threadId`, as `viewer` ({user_id, role}) sees it. `decide(resume,
 * verb)` sends a decision (the `resume` of a run's command) and `verb` says it in words.
 */
export function approvalCard(request, threadId, viewer, decide) {
  const actions = request.action_requests ?? [];
  const mine = request.approver === viewer.role;
  // A student may withdraw their own request while it waits for staff; the policy allows it.
  const allowed = mine ? allowedDecisions(request) : viewer.role === "student" ? ["reject"] : [];
  const send = (decisions, verb) => {
    for (const control of card.querySelectorAll("button, input")) control.disabled = true;
    card.dataset.deciding = "true";
    decide({ decisions, action_id: request.action_id }, verb);
  };
  const student = viewer.role === "student";

  const approve = el("button", { type: "button", class: "approve", dataset: { testid: "approve" },
    onclick: () => send(actions.map(() => ({ type: "approve" })), student ? "You confirmed" : "Approved") },
  student ? "Confirm" : "Approve");

  // Staff owe the student a reason; a student may decline without giving one.
  const reason = el("input", { name: "reason", required: !student, "aria-label": "Reason",
    placeholder: student ? "Why not? (optional)" : "Reason", dataset: { testid: "reject-reason" } });
  const rejectLabel = student ? (mine ? "Decline" : "Withdraw my request") : "Reject";
  const reject = el("form", { class: "decide", onsubmit: (event) => {
    event.preventDefault();
    const message = reason.value.trim();
    const decision = message ? { type: "reject", message } : { type: "reject" };
    send(actions.map(() => decision), student ? "You declined" : `Rejected (${message})`);
  } }, reason, el("button", { type: "submit", class: "reject", dataset: { testid: "reject" } }, rejectLabel));

  // An edit changes the cohort of a single action that names one; the other arguments go unchanged.
  const editable = actions.length === 1 && "cohort_id" in (actions[0].args ?? {});
  const cohort = el("input", { name: "cohort_id", required: true, "aria-label": "Cohort",
    value: editable ? actions[0].args.cohort_id : "", dataset: { testid: "edit-cohort" } });
  const edit = el("form", { class: "decide", onsubmit: (event) => {
    event.preventDefault();
    const [action] = actions;
    const args = { ...action.args, cohort_id: cohort.value.trim() };
    send([{ type: "edit", edited_action: { name: action.name, args } }], `Changed to cohort ${args.cohort_id}`);
  } }, cohort, el("button", { type: "submit", dataset: { testid: "edit" } }, "Change cohort"));

  const card = el("div", { class: `approval ${mine ? "mine" : "theirs"}`,
    dataset: { testid: "approval", threadId, actionId: request.action_id, approver: request.approver } },
  el("p", { class: "waits", dataset: { testid: "waits-for" } }, waitsFor(request, viewer)),
  ...actions.map((action) => el("div", { class: "action" },
    el("p", { class: "what", dataset: { testid: "approval-action" } }, describeAction(action)),
    action.description ? el("p", { class: "muted", dataset: { testid: "approval-description" } }, action.description) : null)),
  request.error ? el("p", { class: "failed", dataset: { testid: "approval-problem" } }, request.error) : null,
  allowed.length ? el("div", { class: "controls" },
    allowed.includes("approve") ? approve : null,
    allowed.includes("reject") ? reject : null,
    allowed.includes("edit") && editable ? edit : null) : null);
  return card;
}
