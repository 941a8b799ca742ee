// The Blast Radius webview: receives the host's messages, renders them, and posts the user's clicks back.
// The last message is kept with setState, so a panel hidden and shown again redraws without a round trip.
import type { HostMessage, WebviewMessage, WebviewState } from '../src/panel/protocol';
import { render } from './render';

interface VsCodeApi {
  postMessage(message: WebviewMessage): void;
  getState(): WebviewState | undefined;
  setState(state: WebviewState): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

const HOST_MESSAGE_TYPES = new Set(['loading', 'result', 'error']);

const vscode = acquireVsCodeApi();
const root = document.getElementById('app')!;
const actions = {
  open: (file: string, line: number) => vscode.postMessage({ type: 'open', file, line }),
  rerun: (depth: number) => vscode.postMessage({ type: 'rerun', depth }),
};

function show(message: HostMessage): void {
  render(root, message, actions);
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data as HostMessage | undefined;
  // Only the host posts to this window, but an unexpected shape should be ignored rather than break the page.
  if (!message || typeof message !== 'object' || !HOST_MESSAGE_TYPES.has(message.type)) return;
  vscode.setState({ last: message });
  show(message);
});

const saved = vscode.getState();
if (saved?.last) show(saved.last);
vscode.postMessage({ type: 'ready' });
