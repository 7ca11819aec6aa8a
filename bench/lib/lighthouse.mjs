// Lighthouse with its defaults: mobile form factor, emulated Moto G Power screen, simulated slow-4G and 4x CPU
// throttling (the bench only adds an Accept-Language header, and the renter's draft cookie on the booking step, see
// auditPage). On a noisy machine the performance score moves from run to run, so each page can be audited several
// times and the run with the median performance score is kept (Lighthouse's own advice for variance).
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';

const CHROME_PATH = '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
const MAX_ITEMS = 5; // per failing audit: enough to locate the problem without flooding the terminal

/** Starts Chromium; stop() kills its process group once and resolves when it has exited. */
export async function startChrome() {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  let stopped;
  const stop = () =>
    (stopped ??= new Promise((resolve) => {
      if (chrome.process.exitCode !== null || chrome.process.signalCode !== null) return resolve();
      chrome.process.once('exit', () => resolve());
      chrome.kill();
    }));
  return { port: chrome.port, pid: chrome.pid, stop };
}

/** One short line per detail item: the element (accessibility), the URL (network) or the message. */
function describeItem(item) {
  const node = item.node ?? item.relatedNode;
  const parts = [
    node?.selector && `selector ${node.selector}`,
    node?.snippet && node.snippet.slice(0, 160),
    node?.explanation && node.explanation.split('\n').slice(0, 2).join(' '),
    item.url && `url ${item.url}`,
    item.source?.url && `source ${item.source.url}`,
    item.description && String(item.description).slice(0, 200),
    item.wastedBytes && `${Math.round(item.wastedBytes / 1024)} KiB wasted`,
    item.wastedMs && `${Math.round(item.wastedMs)} ms`,
    item.totalBytes && !item.wastedBytes && `${Math.round(item.totalBytes / 1024)} KiB`,
  ];
  return parts.filter(Boolean).join(' | ');
}

/** Rows of an audit's details; some audits nest tables in a list, some have no rows (e.g. a request chain). */
function detailItems(details) {
  if (!Array.isArray(details?.items)) return [];
  return details.items.flatMap((item) => (item?.type === 'table' && Array.isArray(item.items) ? item.items : [item]));
}

/** Audits that cost points in a category: scored below 1 and not informative/manual/not applicable. */
function failingAudits(lhr, categoryId) {
  return lhr.categories[categoryId].auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit.score !== null && audit.score < 1 && ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode))
    .map(({ ref, audit }) => ({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      displayValue: audit.displayValue,
      items: detailItems(audit.details).slice(0, MAX_ITEMS).map(describeItem).filter(Boolean),
    }));
}

function summarize(lhr) {
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round(lhr.categories[id].score * 100)]));
  const metrics = Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id].displayValue]));
  const failing = Object.fromEntries(CATEGORIES.map((id) => [id, failingAudits(lhr, id)]));
  const warnings = lhr.runWarnings ?? [];
  return { scores, metrics, failing, warnings, finalUrl: lhr.finalDisplayedUrl, lighthouseVersion: lhr.lighthouseVersion };
}

/**
 * Sets a cookie (`name=value`) for `url` in the browser's default context, through the DevTools protocol on the
 * browser target (Storage.setCookies). Lighthouse opens its tab in that context, and its storage reset before each
 * run leaves cookies alone. Not Lighthouse's `extraHeaders`: Chrome does not reliably send a `Cookie` given that way
 * (the booking step answered 404), a known Lighthouse limitation.
 */
async function setBrowserCookie(chromePort, url, cookie) {
  const separator = cookie.indexOf('=');
  const param = { name: cookie.slice(0, separator), value: cookie.slice(separator + 1), url, httpOnly: true, sameSite: 'Lax' };
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${chromePort}/json/version`)).json();
  const socket = new WebSocket(webSocketDebuggerUrl);
  try {
    await new Promise((resolve, reject) => {
      socket.onerror = () => reject(new Error(`DevTools protocol: could not connect to ${webSocketDebuggerUrl}`));
      socket.onopen = resolve;
    });
    await new Promise((resolve, reject) => {
      socket.onmessage = (event) => {
        const message = JSON.parse(event.data);
        if (message.id !== 1) return;
        if (message.error) reject(new Error(`Storage.setCookies: ${message.error.message}`));
        else resolve(message.result);
      };
      socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies: [param] } }));
    });
  } finally {
    socket.close();
  }
}

/**
 * Audits `url` `runs` times. `acceptLanguage` (e.g. 'es') is sent with every request, as a visitor from the
 * storefront's market would; without it headless Chrome sends en-US and the storefront redirects to /en/...
 * `cookie` (`name=value`, e.g. the renter's draft cookie: the booking steps answer 404 without it) is set in the
 * browser before each run, as a renter's browser would hold it.
 * Returns the median-performance run's summary, every run's performance score, and that run's full report (`lhr`).
 */
export async function auditPage(url, { chromePort, runs, acceptLanguage, cookie }) {
  const flags = { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
  if (acceptLanguage) flags.extraHeaders = { 'Accept-Language': acceptLanguage };
  const runsDone = [];
  for (let i = 0; i < runs; i++) {
    if (cookie) await setBrowserCookie(chromePort, new URL(url).origin, cookie);
    const { lhr } = await lighthouse(url, flags);
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    runsDone.push({ summary: summarize(lhr), lhr });
  }
  const byPerformance = [...runsDone].sort((a, b) => a.summary.scores.performance - b.summary.scores.performance);
  const median = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
  return { ...median.summary, performanceRuns: runsDone.map((r) => r.summary.scores.performance), lhr: median.lhr };
}
