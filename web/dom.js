// Building the page's elements. textContent only, never innerHTML: replies, arguments and reasons
// come from people and models.

export const $ = (id) => document.getElementById(id);

/** An element: `el("li", {class: "x", dataset: {testid: "y"}, onclick: f}, "text", child)`. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "dataset") Object.assign(node.dataset, value);
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  node.append(...children.filter((child) => child !== null && child !== undefined && child !== false));
  return node;
}

/** A time as the reader's clock shows it; the raw text when it is not a time. */
export function clock(iso) {
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? String(iso) : when.toLocaleTimeString();
}
