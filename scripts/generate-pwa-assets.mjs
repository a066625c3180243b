/* global document, window, MediaRecorder, requestAnimationFrame -- code inside page.evaluate runs in the browser */
// Draws the PWA icons, the hero poster and the short hero loop in Debian's Chromium and writes them
// to src/web/public. Our own artwork, so the landing page loads no remote media.
// Run after changing the artwork: node scripts/generate-pwa-assets.mjs
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';

const out = path.resolve('src/web/public');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage();
await page.setContent('<canvas id="c"></canvas>');

// The brand mark of favicon.svg: a white cross on a teal tile. `maskable` keeps the cross inside the
// 80 % safe zone and fills the whole square, as Android's adaptive icons need.
async function icon(size, maskable) {
  const dataUrl = await page.evaluate(
    ({ size, maskable }) => {
      const c = document.getElementById('c');
      c.width = c.height = size;
      const g = c.getContext('2d');
      g.clearRect(0, 0, size, size);
      g.fillStyle = '#0f766e';
      if (maskable) g.fillRect(0, 0, size, size);
      else {
        g.beginPath();
        g.roundRect(0, 0, size, size, size * 0.25);
        g.fill();
      }
      const scale = maskable ? 0.7 : 1;
      const u = (size / 32) * scale;
      const o = (size - 32 * u) / 2;
      g.fillStyle = '#ffffff';
      g.fillRect(o + 13 * u, o + 7 * u, 6 * u, 18 * u);
      g.fillRect(o + 7 * u, o + 13 * u, 18 * u, 6 * u);
      return c.toDataURL('image/png');
    },
    { size, maskable },
  );
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

// The hero artwork: deep teal gradient, soft light and a heartbeat line, drawn at time t (seconds).
const drawHero = `
  window.drawHero = (g, w, h, t) => {
    const bg = g.createLinearGradient(0, 0, w, h);
    bg.addColorStop(0, '#042f2e');
    bg.addColorStop(1, '#0f3b57');
    g.fillStyle = bg;
    g.fillRect(0, 0, w, h);
    const glows = [[0.2, 0.3, '#14b8a6'], [0.8, 0.7, '#0ea5e9'], [0.55, 0.15, '#22c55e']];
    glows.forEach(([x, y, colour], i) => {
      const cx = w * (x + 0.03 * Math.sin(t * 0.8 + i));
      const cy = h * (y + 0.03 * Math.cos(t * 0.6 + i));
      const r = g.createRadialGradient(cx, cy, 0, cx, cy, w * 0.35);
      r.addColorStop(0, colour + '55');
      r.addColorStop(1, colour + '00');
      g.fillStyle = r;
      g.fillRect(0, 0, w, h);
    });
    g.strokeStyle = 'rgba(153, 246, 228, 0.55)';
    g.lineWidth = Math.max(2, w / 400);
    g.beginPath();
    const base = h * 0.72;
    const shift = (t * w * 0.15) % (w / 2);
    for (let x = -w / 2; x <= w; x += 2) {
      const p = ((x + shift) % (w / 2)) / (w / 2);
      let y = base;
      if (p > 0.40 && p < 0.44) y = base - h * 0.04;
      else if (p > 0.44 && p < 0.47) y = base + h * 0.12;
      else if (p > 0.47 && p < 0.51) y = base - h * 0.2;
      else if (p > 0.51 && p < 0.54) y = base + h * 0.05;
      x === -w / 2 ? g.moveTo(x, y) : g.lineTo(x, y);
    }
    g.stroke();
  };`;
await page.addScriptTag({ content: drawHero });

const poster = await page.evaluate(() => {
  const c = document.getElementById('c');
  c.width = 1280;
  c.height = 720;
  window.drawHero(c.getContext('2d'), 1280, 720, 0);
  return c.toDataURL('image/webp', 0.72);
});

// A 6-second seamless-enough loop at 640x360, VP9 in WebM: small enough to ship in the repository.
const video = await page.evaluate(async () => {
  const c = document.getElementById('c');
  c.width = 640;
  c.height = 360;
  const g = c.getContext('2d');
  const stream = c.captureStream(24);
  const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp9', videoBitsPerSecond: 250_000 });
  const chunks = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const done = new Promise((resolve) => (recorder.onstop = resolve));
  recorder.start();
  const began = performance.now();
  await new Promise((resolve) => {
    const frame = (now) => {
      const t = (now - began) / 1000;
      window.drawHero(g, 640, 360, t);
      if (t < 6) requestAnimationFrame(frame);
      else resolve();
    };
    requestAnimationFrame(frame);
  });
  recorder.stop();
  await done;
  const buffer = await new Blob(chunks).arrayBuffer();
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary);
});

await writeFile(path.join(out, 'icons/icon-192.png'), await icon(192, false));
await writeFile(path.join(out, 'icons/icon-512.png'), await icon(512, false));
await writeFile(path.join(out, 'icons/icon-maskable-512.png'), await icon(512, true));
await writeFile(path.join(out, 'icons/apple-touch-icon.png'), await icon(180, true));
await writeFile(path.join(out, 'media/hero-poster.webp'), Buffer.from(poster.split(',')[1], 'base64'));
await writeFile(path.join(out, 'media/hero-loop.webm'), Buffer.from(video, 'base64'));
await browser.close();
console.log('Wrote icons, hero poster and hero loop to src/web/public.');
