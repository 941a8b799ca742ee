import { randomBytes } from 'node:crypto';

export interface WebviewAssets {
  /** `webview.cspSource`: the origin the webview serves local resources from. */
  cspSource: string;
  scriptUri: string;
  styleUri: string;
}

/** A fresh script nonce per page, from a CSPRNG: a guessable nonce would let injected markup run. */
export function newNonce(): string {
  return randomBytes(18).toString('base64');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The panel's page: an empty shell. No data is ever written into this HTML; the script receives it by
 * postMessage and renders it as text. The CSP allows only our stylesheet and the one nonce'd script.
 */
export function blastRadiusHtml(assets: WebviewAssets, nonce: string): string {
  const csp = [`default-src 'none'`, `style-src ${assets.cspSource}`, `script-src 'nonce-${nonce}'`].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeAttribute(assets.styleUri)}">
<title>Blast Radius</title>
</head>
<body>
<main id="app" aria-live="polite"></main>
<script nonce="${escapeAttribute(nonce)}" src="${escapeAttribute(assets.scriptUri)}"></script>
</body>
</html>
`;
}
