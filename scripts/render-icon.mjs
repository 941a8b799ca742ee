// Renders media/icon.svg to the 128×128 media/icon.png the Marketplace shows (headless Debian Chromium):
// node scripts/render-icon.mjs media/icon.svg media/icon.png
import { chromium } from 'playwright-core';
import * as fs from 'node:fs';
const [svg, out] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 128, height: 128 } });
await page.setContent(`<html><body style="margin:0;background:transparent">${fs.readFileSync(svg, 'utf8')}</body></html>`);
await page.screenshot({ path: out, omitBackground: true, clip: { x: 0, y: 0, width: 128, height: 128 } });
await browser.close();
