import puppeteer from 'puppeteer-core';
const base = 'http://127.0.0.1:8193';
const [route, token] = process.argv.slice(2);
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage();
await page.setViewport({ width: 412, height: 823, isMobile: true, deviceScaleFactor: 1.75 });
if (token) { await page.goto(base + '/api/health'); await page.evaluate((t) => localStorage.setItem('oneeta:token', t), token); }
await page.evaluateOnNewDocument(() => {
  window.__shifts = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__shifts.push({ t: Math.round(e.startTime), v: e.value.toFixed(4), src: e.sources.map((s) => `${s.node?.className ?? s.node?.nodeName} ${JSON.stringify(s.previousRect.y)}->${JSON.stringify(s.currentRect.y)} h${s.previousRect.height}->${s.currentRect.height}`) }); }).observe({ type: 'layout-shift', buffered: true });
});
const cdp = await page.createCDPSession();
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.goto(base + route, { waitUntil: 'networkidle0' });
await new Promise((r) => setTimeout(r, 2000));
console.log(JSON.stringify(await page.evaluate(() => window.__shifts), null, 1));
await page.screenshot({ path: '/tmp/webdiag/cls.png' });
await browser.close();
