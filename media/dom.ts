// Tiny DOM helpers for the webview. Text only ever goes in through textContent, never innerHTML: every string
// shown here comes from the user's repository (symbol names, signatures, paths) and must render as text.

type Child = Node | string | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const child of children) {
    if (child === undefined || child === false) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

/** A button that looks like a link; `title` explains what the click does. */
export function linkButton(text: string, title: string, onClick: () => void): HTMLButtonElement {
  const button = el('button', 'link', text);
  button.type = 'button';
  button.title = title;
  button.addEventListener('click', onClick);
  return button;
}
