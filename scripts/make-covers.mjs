#!/usr/bin/env node
// Generates the six preset book covers (public/covers/1.webp … 6.webp) and the
// generic book icon (public/covers/book-icon.svg).
//
// Every cover is drawn in code as SVG (shapes and gradients only: no text, no
// fonts, no external artwork) and rasterised with sharp at 480×720 (2:3).
// Randomness comes from a seeded generator, so re-running gives identical files.
//
// Usage: node scripts/make-covers.mjs            (writes into public/covers)
//        node scripts/make-covers.mjs --svg      (also writes the source .svg files, for inspection)

import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const W = 480;
const H = 720;
const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "public", "covers");
const WEBP_QUALITY = 80;

// ---------------------------------------------------------------- helpers

/** Small deterministic PRNG (mulberry32). */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n) => Math.round(n * 10) / 10;

/** Linear gradient; stops = [[offset, colour, opacity?], …]. Vertical by default. */
function linear(id, stops, { x1 = 0, y1 = 0, x2 = 0, y2 = 1, units } = {}) {
  const u = units ? ` gradientUnits="${units}"` : "";
  return (
    `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${u}>` +
    `${stopsSvg(stops)}</linearGradient>`
  );
}

function radial(id, stops, { cx = 0.5, cy = 0.5, r = 0.5, units } = {}) {
  const u = units ? ` gradientUnits="${units}"` : "";
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"${u}>${stopsSvg(stops)}</radialGradient>`;
}

function stopsSvg(stops) {
  return stops
    .map(([o, c, op = 1]) => `<stop offset="${o}" stop-color="${c}"${op === 1 ? "" : ` stop-opacity="${op}"`}/>`)
    .join("");
}

/** Smooth closed/open path through points (Catmull-Rom converted to cubic Béziers). */
function smooth(points, { close = false, tension = 1 } = {}) {
  const p = points;
  const n = p.length;
  let d = `M${r1(p[0][0])},${r1(p[0][1])}`;
  const get = (i) => (close ? p[(i + n) % n] : p[Math.max(0, Math.min(n - 1, i))]);
  const segs = close ? n : n - 1;
  for (let i = 0; i < segs; i++) {
    const p0 = get(i - 1);
    const p1 = get(i);
    const p2 = get(i + 1);
    const p3 = get(i + 2);
    const c1x = p1[0] + ((p2[0] - p0[0]) / 6) * tension;
    const c1y = p1[1] + ((p2[1] - p0[1]) / 6) * tension;
    const c2x = p2[0] - ((p3[0] - p1[0]) / 6) * tension;
    const c2y = p2[1] - ((p3[1] - p1[1]) / 6) * tension;
    d += `C${r1(c1x)},${r1(c1y)} ${r1(c2x)},${r1(c2y)} ${r1(p2[0])},${r1(p2[1])}`;
  }
  return close ? `${d}Z` : d;
}

/** A leaf / petal pointing up from (0,0) to (0,-h), widest part w either side. */
function petal(w, h, { belly = 0.38, tip = 0.8 } = {}) {
  return (
    `M0,0C${r1(w)},${r1(-h * belly)} ${r1(w * 0.55)},${r1(-h * tip)} 0,${r1(-h)}` +
    `C${r1(-w * 0.55)},${r1(-h * tip)} ${r1(-w)},${r1(-h * belly)} 0,0Z`
  );
}

/** Scatter small stars in a region. */
function stars(rand, count, { x0 = 40, x1 = W - 40, y0 = 40, y1 = 300, color = "#fff4dc", max = 0.8 } = {}) {
  let s = "";
  for (let i = 0; i < count; i++) {
    const x = x0 + rand() * (x1 - x0);
    const y = y0 + rand() * (y1 - y0);
    const r = 0.7 + rand() * 1.3;
    s +=
      `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" fill="${color}" ` +
      `opacity="${r1(0.25 + rand() * max * 10) / 10}"/>`;
  }
  return s;
}

/**
 * Shared book finish: a shaded spine on the left, a soft vignette, a thin
 * inset frame line, and a very light top highlight so the cover reads as an object.
 */
function finish({ frame = "#f6e7cc", frameOpacity = 0.45 } = {}) {
  return {
    defs:
      linear(
        "spine",
        [
          [0, "#000", 0.34],
          [0.55, "#000", 0.08],
          [0.8, "#fff", 0.1],
          [1, "#fff", 0],
        ],
        { x2: 1, y2: 0 },
      ) +
      radial(
        "vignette",
        [
          [0.55, "#000", 0],
          [1, "#000", 0.28],
        ],
        { cx: 0.55, cy: 0.45, r: 0.75 },
      ),
    body:
      `<rect width="${W}" height="${H}" fill="url(#vignette)"/>` +
      `<rect x="46" y="30" width="${W - 76}" height="${H - 60}" rx="6" fill="none" stroke="${frame}" ` +
      `stroke-opacity="${frameOpacity}" stroke-width="1.5"/>` +
      `<rect x="52" y="36" width="${W - 88}" height="${H - 72}" rx="4" fill="none" stroke="${frame}" ` +
      `stroke-opacity="${frameOpacity * 0.5}" stroke-width="0.8"/>` +
      `<rect width="30" height="${H}" fill="url(#spine)"/>` +
      `<line x1="31" y1="0" x2="31" y2="${H}" stroke="#000" stroke-opacity="0.18" stroke-width="1"/>` +
      `<line x1="33" y1="0" x2="33" y2="${H}" stroke="#fff" stroke-opacity="0.1" stroke-width="1"/>`,
  };
}

function svgDoc(defs, body, finishOpts) {
  const f = finish(finishOpts);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs>${defs}${f.defs}</defs>${body}${f.body}</svg>`
  );
}

// ---------------------------------------------------------------- 1. lotus

function coverLotus() {
  const cx = 250;
  const baseY = 470;
  const defs =
    linear("bg1", [
      [0, "#2d5e57"],
      [0.6, "#1f4842"],
      [1, "#14302c"],
    ]) +
    radial("glow1", [
      [0, "#f6e3c8", 0.32],
      [0.6, "#f6e3c8", 0.08],
      [1, "#f6e3c8", 0],
    ]) +
    linear("petalBack", [
      [0, "#f2c7bd"],
      [1, "#d98f86"],
    ]) +
    linear("petalFront", [
      [0, "#fbe6dc"],
      [0.7, "#eeb3a6"],
      [1, "#d4867c"],
    ]) +
    linear("pad", [
      [0, "#3f7a5c"],
      [1, "#285441"],
    ]) +
    radial("moon1", [
      [0, "#f8ead2", 0.24],
      [0.92, "#f6e3c8", 0.16],
      [1, "#f6e3c8", 0],
    ]) +
    linear("water1", [
      [0, "#173a35", 0],
      [1, "#0e2623", 0.6],
    ]);

  // petals: back row (wider angles, darker) then front row
  const back = [-70, -42, -16, 16, 42, 70]
    .map(
      (a) => `<path d="${petal(34, 118)}" transform="translate(${cx},${baseY}) rotate(${a})" fill="url(#petalBack)"/>`,
    )
    .join("");
  const front = [
    [-52, 40, 104],
    [52, 40, 104],
    [-26, 40, 128],
    [26, 40, 128],
    [0, 42, 148],
  ]
    .map(
      ([a, w, h]) =>
        `<path d="${petal(w, h)}" transform="translate(${cx},${baseY}) rotate(${a})" fill="url(#petalFront)" ` +
        `stroke="#c97b70" stroke-opacity="0.5" stroke-width="1"/>` +
        `<path d="M0,-8 L0,${-h * 0.78}" transform="translate(${cx},${baseY}) rotate(${a})" stroke="#d48b80" ` +
        `stroke-opacity="0.45" stroke-width="1.2" fill="none"/>`,
    )
    .join("");

  // lily pads: ellipse with a wedge notch
  const pad = (x, y, rx, ry, notch) => {
    const a0 = notch - 0.22;
    const a1 = notch + 0.22;
    const p = (a) => `${r1(x + rx * Math.cos(a))},${r1(y + ry * Math.sin(a))}`;
    return (
      `<path d="M${x},${y}L${p(a0)}A${rx},${ry} 0 1 0 ${p(a1)}Z" fill="url(#pad)"/>` +
      `<path d="M${x},${y}L${p(notch + Math.PI)}M${x},${y}L${p(notch + 2.3)}M${x},${y}L${p(notch - 2.3)}" ` +
      `stroke="#5c9a77" stroke-opacity="0.45" stroke-width="1.2"/>`
    );
  };

  const ripples = [
    [cx, baseY + 6, 150, 14, 0.35],
    [cx, baseY + 6, 200, 22, 0.2],
    [cx - 20, baseY + 120, 120, 10, 0.14],
    [cx + 40, baseY + 170, 90, 8, 0.1],
  ]
    .map(
      ([x, y, rx, ry, o]) =>
        `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="none" stroke="#e8f2ec" stroke-opacity="${o}" ` +
        `stroke-width="1.4"/>`,
    )
    .join("");

  const rand = rng(11);
  const body =
    `<rect width="${W}" height="${H}" fill="url(#bg1)"/>` +
    `<circle cx="${cx}" cy="300" r="230" fill="url(#glow1)"/>` +
    `<circle cx="${cx}" cy="250" r="98" fill="url(#moon1)"/>` +
    stars(rand, 18, { y1: 220, max: 0.4 }) +
    `<rect y="${baseY}" width="${W}" height="${H - baseY}" fill="url(#water1)"/>` +
    ripples +
    pad(120, baseY + 60, 74, 20, -0.5) +
    pad(375, baseY + 38, 56, 15, 3.6) +
    pad(330, baseY + 140, 46, 12, -2.6) +
    // reflection of the flower
    `<ellipse cx="${cx}" cy="${baseY + 22}" rx="70" ry="8" fill="#f2c7bd" opacity="0.18"/>` +
    back +
    front +
    `<ellipse cx="${cx}" cy="${baseY - 8}" rx="22" ry="7" fill="#e6c25c" opacity="0.9"/>`;
  return svgDoc(defs, body, { frame: "#f3dccb" });
}

// ---------------------------------------------------------------- 2. tree of life

function coverTree() {
  const cx = 252;
  const cy = 350;
  const R = 170;
  const rand = rng(7);
  const branches = [];
  const tips = [];

  function grow(x, y, angle, len, width, depth, dir) {
    const x2 = x + Math.cos(angle) * len;
    const y2 = y + Math.sin(angle) * len;
    const bend = (rand() - 0.5) * len * 0.35;
    const mx = (x + x2) / 2 + Math.cos(angle + Math.PI / 2) * bend;
    const my = (y + y2) / 2 + Math.sin(angle + Math.PI / 2) * bend;
    branches.push({ d: `M${r1(x)},${r1(y)}Q${r1(mx)},${r1(my)} ${r1(x2)},${r1(y2)}`, width, dir });
    if (depth === 0) {
      tips.push([x2, y2, dir]);
      return;
    }
    const spread = 0.42 + rand() * 0.18;
    grow(x2, y2, angle - spread, len * (0.7 + rand() * 0.1), width * 0.66, depth - 1, dir);
    grow(x2, y2, angle + spread, len * (0.7 + rand() * 0.1), width * 0.66, depth - 1, dir);
    if (depth >= 3 && rand() < 0.5)
      grow(x2, y2, angle + (rand() - 0.5) * 0.3, len * 0.62, width * 0.55, depth - 2, dir);
  }

  const trunkTop = cy + 10;
  const trunkBottom = cy + 95;
  grow(cx, trunkTop, -Math.PI / 2 - 0.62, 46, 14, 5, "up");
  grow(cx, trunkTop, -Math.PI / 2 + 0.62, 46, 14, 5, "up");
  grow(cx, trunkTop - 12, -Math.PI / 2 - 0.08, 52, 12, 4, "up");
  // roots
  grow(cx, trunkBottom, Math.PI / 2 - 0.9, 36, 11, 3, "down");
  grow(cx, trunkBottom, Math.PI / 2 + 0.9, 36, 11, 3, "down");
  grow(cx, trunkBottom, Math.PI / 2 - 0.2, 30, 9, 3, "down");
  grow(cx, trunkBottom, Math.PI / 2 + 0.25, 30, 9, 2, "down");

  const leafColours = ["#f4e3c1", "#e9c77e", "#b9c48e", "#f0d49c", "#dfb36a", "#cfd6a6"];
  let leaves = "";
  for (const [x, y, dir] of tips) {
    if (dir !== "up") continue;
    const n = 5 + Math.floor(rand() * 4);
    for (let i = 0; i < n; i++) {
      const lx = x + (rand() - 0.5) * 40;
      const ly = y + (rand() - 0.5) * 40;
      const dist = Math.hypot(lx - cx, ly - cy);
      if (dist > R - 16) continue;
      const rot = rand() * 360;
      const c = leafColours[Math.floor(rand() * leafColours.length)];
      leaves +=
        `<path d="${petal(6.5, 18, { belly: 0.45, tip: 0.85 })}" ` +
        `transform="translate(${r1(lx)},${r1(ly)}) rotate(${r1(rot)})" fill="${c}" ` +
        `opacity="${r1(0.75 + rand() * 0.25)}"/>`;
    }
  }

  const trunk =
    `<path d="M${cx - 16},${trunkBottom + 6}` +
    `C${cx - 9},${trunkBottom - 30} ${cx - 12},${trunkTop + 20} ${cx - 7},${trunkTop - 8}` +
    `L${cx + 7},${trunkTop - 8}` +
    `C${cx + 12},${trunkTop + 20} ${cx + 9},${trunkBottom - 30} ${cx + 16},${trunkBottom + 6}Z" fill="#f4e3c1"/>`;

  const branchSvg = branches
    .map(
      (b) =>
        `<path d="${b.d}" stroke="#f4e3c1" stroke-width="${r1(Math.max(1.2, b.width))}" stroke-linecap="round" ` +
        `fill="none"/>`,
    )
    .join("");

  const defs =
    linear("bg2", [
      [0, "#9a5528"],
      [0.55, "#7f4118"],
      [1, "#5e2e0f"],
    ]) +
    radial("glow2", [
      [0, "#f7d9a8", 0.3],
      [0.7, "#f7d9a8", 0.06],
      [1, "#f7d9a8", 0],
    ]) +
    `<clipPath id="circle2"><circle cx="${cx}" cy="${cy}" r="${R - 4}"/></clipPath>`;

  // small decorative dots around the ring
  let ringDots = "";
  for (let i = 0; i < 48; i++) {
    const a = (i / 48) * Math.PI * 2;
    const rr = i % 4 === 0 ? 2.6 : 1.3;
    ringDots +=
      `<circle cx="${r1(cx + Math.cos(a) * (R + 14))}" cy="${r1(cy + Math.sin(a) * (R + 14))}" r="${rr}" ` +
      `fill="#f4e3c1" opacity="0.55"/>`;
  }

  const body =
    `<rect width="${W}" height="${H}" fill="url(#bg2)"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${R + 60}" fill="url(#glow2)"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${R}" fill="#5a2a0c" opacity="0.35"/>` +
    `<g clip-path="url(#circle2)">${branchSvg}${trunk}${leaves}` +
    `<line x1="${cx - R}" y1="${trunkBottom + 4}" x2="${cx + R}" y2="${trunkBottom + 4}" stroke="#f4e3c1" ` +
    `stroke-opacity="0.35" stroke-width="1.5"/></g>` +
    `<circle cx="${cx}" cy="${cy}" r="${R}" fill="none" stroke="#f4e3c1" stroke-width="2.5" opacity="0.85"/>` +
    ringDots +
    // small ornament below the medallion
    `<path d="M${cx - 40},${cy + R + 60}L${cx + 40},${cy + R + 60}" stroke="#f4e3c1" stroke-opacity="0.45" ` +
    `stroke-width="1.2"/>` +
    `<path d="M${cx},${cy + R + 52}l8,8l-8,8l-8,-8z" fill="#e9c77e" opacity="0.8"/>`;
  return svgDoc(defs, body, { frame: "#f4e3c1" });
}

// ---------------------------------------------------------------- 3. mountains and river

function coverMountains() {
  const rand = rng(3);

  /** Smooth ridge line through peaks, closed down to `bottom`. */
  function ridge(peaks, bottom = H) {
    const first = peaks[0];
    const last = peaks[peaks.length - 1];
    return `${smooth(peaks, { tension: 0.9 })}L${last[0]},${bottom}L${first[0]},${bottom}Z`;
  }

  // Aerial perspective: every layer fades toward the warm haze at its foot.
  const defs =
    linear("sky3", [
      [0, "#3b556f"],
      [0.28, "#7b7d98"],
      [0.46, "#d6a38a"],
      [0.6, "#f4cfa3"],
      [1, "#f4cfa3"],
    ]) +
    radial("sun3", [
      [0, "#fff1d6", 0.9],
      [0.3, "#fde2b8", 0.55],
      [1, "#fde2b8", 0],
    ]) +
    linear("m1", [
      [0, "#a59cb4"],
      [0.75, "#dcb9a9"],
      [1, "#efc9a6"],
    ]) +
    linear("m2", [
      [0, "#7f7f9a"],
      [0.8, "#c4a2a0"],
      [1, "#e2bca3"],
    ]) +
    linear("m3", [
      [0, "#8a7f94"],
      [0.12, "#676a85"],
      [1, "#454a64"],
    ]) +
    `<filter id="blur3" x="-20%" y="-200%" width="140%" height="500%"><feGaussianBlur stdDeviation="8"/></filter>` +
    linear("m4", [
      [0, "#3a405a"],
      [1, "#2b3048"],
    ]) +
    linear("m5", [
      [0, "#262c42"],
      [1, "#1c2134"],
    ]) +
    linear("river3", [
      [0, "#fbe3bd"],
      [0.35, "#efc39c"],
      [1, "#9d94b0"],
    ]);

  const sunX = 300;
  const sunY = 318;

  // River: a ribbon that starts as a thread at the horizon and widens toward the viewer.
  const centre = [
    [236, 432],
    [262, 462],
    [214, 510],
    [268, 580],
    [214, 660],
    [246, 740],
  ];
  const half = [1.5, 7, 16, 32, 56, 96];
  const left = centre.map(([x, y], i) => [x - half[i], y]);
  const right = centre.map(([x, y], i) => [x + half[i], y]).reverse();
  const river = `${smooth(left)}L${right[0][0]},${right[0][1]}${smooth(right).replace(/^M[^C]+/, "")}Z`;

  const birds = [
    [150, 200, 1],
    [172, 186, 0.8],
    [192, 206, 0.7],
  ]
    .map(
      ([x, y, s]) =>
        `<path d="M${x - 9 * s},${y - 3 * s}Q${x - 4 * s},${y - 6 * s} ${x},${y}` +
        `Q${x + 4 * s},${y - 6 * s} ${x + 9 * s},${y - 3 * s}" ` +
        `stroke="#2f3550" stroke-width="1.6" fill="none" stroke-linecap="round" opacity="0.65"/>`,
    )
    .join("");

  // a small boat (sampan) with a curved canopy
  const bx = 262;
  const by = 584;
  const boat =
    `<ellipse cx="${bx}" cy="${by + 6}" rx="30" ry="3" fill="#2b3048" opacity="0.35"/>` +
    `<path d="M${bx - 30},${by - 6}Q${bx},${by + 8} ${bx + 30},${by - 6}` +
    `Q${bx + 12},${by + 2} ${bx - 30},${by - 6}Z" fill="#2a2e42"/>` +
    `<path d="M${bx - 30},${by - 6}Q${bx},${by + 6} ${bx + 30},${by - 6}` +
    `L${bx + 26},${by - 1}Q${bx},${by + 9} ${bx - 26},${by - 1}Z" fill="#2a2e42"/>` +
    `<path d="M${bx - 12},${by - 1}Q${bx - 10},${by - 16} ${bx + 2},${by - 16}` +
    `Q${bx + 12},${by - 16} ${bx + 12},${by - 2}Z" fill="#3a3347"/>` +
    `<line x1="${bx + 20}" y1="${by - 2}" x2="${bx + 34}" y2="${by - 28}" stroke="#2a2e42" stroke-width="1.6" ` +
    `stroke-linecap="round"/>`;

  const glints = [
    [258, 470, 8],
    [226, 508, 12],
    [246, 548, 16],
    [236, 622, 18],
    [250, 690, 24],
  ]
    .map(([x, y, w]) => `M${x - w / 2},${y}h${w}`)
    .join("");

  let reeds = "";
  for (let i = 0; i < 7; i++) {
    const x = 124 + i * 7 + rand() * 4;
    const y = 540 + Math.abs(i - 3) * 3;
    const h = 14 + rand() * 16;
    const lean = (rand() - 0.3) * 10;
    reeds += `M${r1(x)},${r1(y + 10)}Q${r1(x + lean * 0.2)},${r1(y - h / 2)} ${r1(x + lean)},${r1(y - h)}`;
  }

  const body =
    `<rect width="${W}" height="${H}" fill="url(#sky3)"/>` +
    stars(rand, 12, { y1: 150, max: 0.35 }) +
    `<circle cx="${sunX}" cy="${sunY}" r="150" fill="url(#sun3)"/>` +
    `<circle cx="${sunX}" cy="${sunY}" r="40" fill="#fff3dc"/>` +
    birds +
    // far range
    `<path d="${ridge(
      [
        [-20, 372],
        [40, 336],
        [100, 352],
        [170, 290],
        [240, 350],
        [330, 326],
        [400, 300],
        [500, 352],
      ],
      460,
    )}" fill="url(#m1)"/>` +
    // middle range, split by the river valley
    `<path d="${ridge(
      [
        [-20, 378],
        [40, 362],
        [110, 392],
        [180, 380],
        [236, 434],
      ],
      460,
    )}" fill="url(#m2)"/>` +
    `<path d="${ridge(
      [
        [236, 434],
        [290, 396],
        [360, 356],
        [430, 380],
        [500, 372],
      ],
      460,
    )}" fill="url(#m2)"/>` +
    // valley floor
    `<path d="M-20,440C80,428 180,426 240,430C320,428 420,432 500,444L500,${H}L-20,${H}Z" fill="url(#m3)"/>` +
    `<ellipse cx="240" cy="436" rx="300" ry="16" fill="#fde9cc" opacity="0.35" filter="url(#blur3)"/>` +
    `<path d="${river}" fill="url(#river3)"/>` +
    `<path d="${glints}" stroke="#fff6e4" stroke-opacity="0.6" stroke-width="1.6" stroke-linecap="round"/>` +
    boat +
    // near banks
    `<path d="M-20,520C50,500 120,505 170,540C200,565 175,620 150,${H}L-20,${H}Z" fill="url(#m4)"/>` +
    `<path d="M500,560C430,540 360,555 330,600C312,630 330,680 345,${H}L500,${H}Z" fill="url(#m4)"/>` +
    `<path d="${reeds}" stroke="#2b3048" stroke-width="1.6" stroke-linecap="round" fill="none"/>` +
    `<path d="M-20,640C40,622 90,640 110,${H}L-20,${H}Z" fill="url(#m5)"/>` +
    `<path d="M500,680C460,662 420,672 400,${H}L500,${H}Z" fill="url(#m5)"/>`;
  return svgDoc(defs, body, { frame: "#fff1dc", frameOpacity: 0.5 });
}

// ---------------------------------------------------------------- 4. paper lantern

function coverLantern() {
  const rand = rng(4);

  function lantern(x, y, s, opacity = 1) {
    const rx = 78 * s;
    const ry = 92 * s;
    const capW = 46 * s;
    const capH = 14 * s;
    let ribs = "";
    for (const k of [0.33, 0.66]) {
      ribs +=
        `<ellipse cx="${x}" cy="${y}" rx="${r1(rx * k)}" ry="${r1(ry)}" fill="none" stroke="#7e1f14" ` +
        `stroke-opacity="0.45" stroke-width="${r1(1.6 * s)}"/>`;
    }
    ribs +=
      `<line x1="${x}" y1="${r1(y - ry)}" x2="${x}" y2="${r1(y + ry)}" stroke="#7e1f14" stroke-opacity="0.45" ` +
      `stroke-width="${r1(1.6 * s)}"/>`;
    let bands = "";
    for (const k of [-0.55, 0, 0.55]) {
      const yy = y + ry * k;
      const hw = rx * Math.sqrt(1 - k * k);
      bands +=
        `<path d="M${r1(x - hw)},${r1(yy)}Q${x},${r1(yy + 10 * s)} ${r1(x + hw)},${r1(yy)}" fill="none" ` +
        `stroke="#f4c86a" stroke-opacity="0.55" stroke-width="${r1(1.4 * s)}"/>`;
    }
    const tassel = [];
    for (let i = -3; i <= 3; i++) {
      tassel.push(
        `M${r1(x + i * 2 * s)},${r1(y + ry + capH + 16 * s)}L${r1(x + i * 3.2 * s)},${r1(y + ry + capH + 58 * s)}`,
      );
    }
    return (
      `<g opacity="${opacity}">` +
      `<line x1="${x}" y1="0" x2="${x}" y2="${r1(y - ry - capH)}" stroke="#d9b26a" stroke-width="${r1(1.6 * s)}" ` +
      `opacity="0.8"/>` +
      `<rect x="${r1(x - capW / 2)}" y="${r1(y - ry - capH + 4 * s)}" width="${r1(capW)}" height="${r1(capH)}" ` +
      `rx="${r1(3 * s)}" fill="#c8902e"/>` +
      `<rect x="${r1(x - capW / 2)}" y="${r1(y + ry - 4 * s)}" width="${r1(capW)}" height="${r1(capH)}" ` +
      `rx="${r1(3 * s)}" fill="#c8902e"/>` +
      `<ellipse cx="${x}" cy="${y}" rx="${r1(rx)}" ry="${r1(ry)}" fill="url(#lanternBody)"/>` +
      ribs +
      bands +
      `<line x1="${x}" y1="${r1(y + ry + capH - 4 * s)}" x2="${x}" y2="${r1(y + ry + capH + 16 * s)}" ` +
      `stroke="#e2b04f" stroke-width="${r1(2 * s)}"/>` +
      `<circle cx="${x}" cy="${r1(y + ry + capH + 16 * s)}" r="${r1(4 * s)}" fill="#e2b04f"/>` +
      `<path d="${tassel.join("")}" stroke="#c7402c" stroke-width="${r1(2 * s)}" stroke-linecap="round"/>` +
      `</g>`
    );
  }

  const defs =
    linear("bg4", [
      [0, "#1f1a33"],
      [0.6, "#2f2240"],
      [1, "#3f2637"],
    ]) +
    radial(
      "lanternBody",
      [
        [0, "#ffcf87"],
        [0.35, "#f08a4b"],
        [0.8, "#c8452c"],
        [1, "#9c2d1d"],
      ],
      { cx: 0.45, cy: 0.45, r: 0.6 },
    ) +
    radial("glow4", [
      [0, "#ffb46b", 0.55],
      [0.4, "#f0844a", 0.16],
      [1, "#f0844a", 0],
    ]) +
    `<filter id="soft4" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="3"/></filter>`;

  const body =
    `<rect width="${W}" height="${H}" fill="url(#bg4)"/>` +
    stars(rand, 55, { y1: H - 60, max: 0.55 }) +
    // crescent moon
    `<path d="M150,140a38,38 0 1 0 36,50a30,30 0 1 1 -36,-50z" fill="#f6e7c8" opacity="0.9"/>` +
    `<g filter="url(#soft4)">${lantern(118, 470, 0.42, 0.55)}${lantern(390, 230, 0.36, 0.5)}</g>` +
    `<circle cx="260" cy="370" r="240" fill="url(#glow4)"/>` +
    lantern(260, 370, 1.05) +
    lantern(392, 560, 0.5, 0.85);
  return svgDoc(defs, body, { frame: "#f3d9a4", frameOpacity: 0.4 });
}

// ---------------------------------------------------------------- 5. bamboo

function coverBamboo() {
  const rand = rng(5);
  const defs =
    linear("bg5", [
      [0, "#e9ead6"],
      [0.6, "#d3dcbf"],
      [1, "#b4c4a0"],
    ]) +
    radial("moon5", [
      [0, "#fffaf0"],
      [0.7, "#fbf3df"],
      [1, "#f5ead0", 0],
    ]) +
    linear("haze5", [
      [0, "#b4c4a0", 0],
      [1, "#9fb38a", 0.9],
    ]) +
    linear(
      "stalkDark",
      [
        [0, "#3f5d35"],
        [0.45, "#6f9257"],
        [1, "#36502d"],
      ],
      { x2: 1, y2: 0 },
    ) +
    linear(
      "stalkMid",
      [
        [0, "#6c8a58"],
        [0.45, "#9ab77f"],
        [1, "#627f4f"],
      ],
      { x2: 1, y2: 0 },
    ) +
    linear(
      "stalkFar",
      [
        [0, "#a8b995"],
        [0.5, "#c3d0b0"],
        [1, "#a1b28d"],
      ],
      { x2: 1, y2: 0 },
    );

  /** x position of a leaning stalk at height y. */
  const at = (x, lean, y) => x + lean * (H - y);

  function stalk(x, w, fill, nodes, lean = 0) {
    let s = "";
    const pts = [H + 10, ...nodes, -10];
    for (let i = 0; i < pts.length - 1; i++) {
      const yb = pts[i];
      const yt = pts[i + 1];
      const xb = x + lean * (H - yb);
      const xt = x + lean * (H - yt);
      s +=
        `<path d="M${r1(xb - w / 2)},${r1(yb - 2)}L${r1(xt - w / 2)},${r1(yt + 3)}` +
        `L${r1(xt + w / 2)},${r1(yt + 3)}L${r1(xb + w / 2)},${r1(yb - 2)}Z" fill="url(#${fill})"/>`;
      if (i < pts.length - 2) {
        s +=
          `<rect x="${r1(xt - w / 2 - 1.5)}" y="${r1(yt - 1)}" width="${r1(w + 3)}" height="4" rx="2" ` +
          `fill="#2f4728" opacity="${fill === "stalkFar" ? 0.25 : 0.6}"/>`;
      }
    }
    return s;
  }

  /** A twig growing sideways from a stalk, with slender leaves hanging from it. */
  function leafSpray(x, y, dir, colour, scale = 1, count = 4) {
    const twigLen = 34 * scale;
    const tx = x + dir * twigLen;
    const ty = y - 12 * scale;
    let s =
      `<path d="M${r1(x)},${r1(y)}Q${r1(x + dir * twigLen * 0.5)},${r1(y - 2 * scale)} ${r1(tx)},${r1(ty)}" ` +
      `stroke="${colour}" stroke-width="${r1(1.8 * scale)}" stroke-linecap="round" fill="none"/>`;
    for (let i = 0; i < count; i++) {
      const t = 0.35 + (i / Math.max(1, count - 1)) * 0.65;
      const px = x + (tx - x) * t;
      const py = y + (ty - y) * t - 1;
      const angle = dir * (92 + i * (54 / Math.max(1, count - 1)) + (rand() - 0.5) * 12);
      const len = (62 + rand() * 34) * scale;
      s +=
        `<path d="${petal(7 * scale, len, { belly: 0.3, tip: 0.72 })}" ` +
        `transform="translate(${r1(px)},${r1(py)}) rotate(${r1(angle)})" fill="${colour}" ` +
        `opacity="${r1(0.85 + rand() * 0.15)}"/>`;
    }
    return s;
  }

  const body =
    `<rect width="${W}" height="${H}" fill="url(#bg5)"/>` +
    `<circle cx="330" cy="190" r="92" fill="url(#moon5)"/>` +
    `<circle cx="330" cy="190" r="64" fill="#fffaf0" opacity="0.85"/>` +
    // far layer
    `<g opacity="0.7">` +
    stalk(110, 12, "stalkFar", [620, 500, 380, 250, 110], -0.02) +
    stalk(425, 10, "stalkFar", [600, 470, 330, 180], 0.015) +
    stalk(300, 9, "stalkFar", [640, 520, 400, 270, 140], 0.01) +
    leafSpray(at(110, -0.02, 250), 250, 1, "#aebf9a", 0.8, 4) +
    leafSpray(at(110, -0.02, 500), 500, 1, "#aebf9a", 0.7, 3) +
    leafSpray(at(425, 0.015, 330), 330, -1, "#aebf9a", 0.8, 4) +
    leafSpray(at(300, 0.01, 140), 140, -1, "#aebf9a", 0.7, 3) +
    `</g>` +
    // mid layer
    stalk(372, 20, "stalkMid", [650, 520, 395, 280, 160, 40], -0.03) +
    leafSpray(at(372, -0.03, 280), 280, -1, "#7c9b63", 1, 5) +
    leafSpray(at(372, -0.03, 160), 160, 1, "#7c9b63", 0.9, 4) +
    leafSpray(at(372, -0.03, 520), 520, 1, "#7c9b63", 0.8, 3) +
    // front layer
    stalk(150, 28, "stalkDark", [600, 455, 310, 170, 40], 0.03) +
    stalk(250, 20, "stalkDark", [660, 540, 420, 300], -0.012) +
    leafSpray(at(150, 0.03, 170), 170, 1, "#466b3a", 1.15, 5) +
    leafSpray(at(150, 0.03, 310), 310, -1, "#4d7340", 1.05, 4) +
    leafSpray(at(150, 0.03, 455), 455, -1, "#4d7340", 0.85, 3) +
    leafSpray(at(250, -0.012, 300), 300, 1, "#55793f", 1, 5) +
    leafSpray(at(250, -0.012, 420), 420, 1, "#55793f", 0.8, 3) +
    // soft ground haze at the foot
    `<rect y="560" width="${W}" height="${H - 560}" fill="url(#haze5)"/>`;
  return svgDoc(defs, body, { frame: "#4a6b3c", frameOpacity: 0.45 });
}

// ---------------------------------------------------------------- 6. house with a lit window

function coverHouse() {
  const rand = rng(6);
  const defs =
    linear("bg6", [
      [0, "#17223b"],
      [0.5, "#33365a"],
      [0.8, "#7a5566"],
      [1, "#b37a6a"],
    ]) +
    radial("win6", [
      [0, "#ffd98e", 0.9],
      [0.35, "#f6b25c", 0.35],
      [1, "#f6b25c", 0],
    ]) +
    linear("hill6", [
      [0, "#2e3a30"],
      [1, "#191f1b"],
    ]) +
    radial("moonGlow6", [
      [0, "#f8ebcd", 0.22],
      [0.5, "#f8ebcd", 0.06],
      [1, "#f8ebcd", 0],
    ]) +
    linear("hillFar6", [
      [0, "#4b4456"],
      [1, "#3a3546"],
    ]) +
    linear("wall6", [
      [0, "#3a2f2c"],
      [1, "#2c2320"],
    ]) +
    linear("roof6", [
      [0, "#5a2e1c"],
      [1, "#3c1e12"],
    ]) +
    linear("pane6", [
      [0, "#ffe2a3"],
      [1, "#f2a94f"],
    ]);

  const hx = 250; // house centre
  const hy = 470; // ground line under the house
  const hw = 120;
  const hh = 78;

  const house =
    // walls
    `<rect x="${hx - hw / 2}" y="${hy - hh}" width="${hw}" height="${hh}" fill="url(#wall6)"/>` +
    // roof (with a small upturned eave)
    `<path d="M${hx - hw / 2 - 22},${hy - hh + 4}` +
    `Q${hx - hw / 2 - 10},${hy - hh - 2} ${hx - hw / 2 + 4},${hy - hh - 8}` +
    `L${hx},${hy - hh - 62}L${hx + hw / 2 - 4},${hy - hh - 8}` +
    `Q${hx + hw / 2 + 10},${hy - hh - 2} ${hx + hw / 2 + 22},${hy - hh + 4}Z" fill="url(#roof6)"/>` +
    `<path d="M${hx - hw / 2 - 22},${hy - hh + 4}` +
    `Q${hx - hw / 2 - 10},${hy - hh - 2} ${hx - hw / 2 + 4},${hy - hh - 8}` +
    `L${hx},${hy - hh - 62}L${hx + hw / 2 - 4},${hy - hh - 8}` +
    `Q${hx + hw / 2 + 10},${hy - hh - 2} ${hx + hw / 2 + 22},${hy - hh + 4}" ` +
    `fill="none" stroke="#8a4a2a" stroke-width="2" stroke-linejoin="round"/>` +
    // window glow + window
    `<circle cx="${hx - 22}" cy="${hy - 44}" r="90" fill="url(#win6)"/>` +
    `<rect x="${hx - 42}" y="${hy - 62}" width="40" height="36" rx="2" fill="url(#pane6)"/>` +
    `<path d="M${hx - 22},${hy - 62}v36M${hx - 42},${hy - 44}h40" stroke="#5a3a22" stroke-width="3"/>` +
    `<rect x="${hx - 42}" y="${hy - 62}" width="40" height="36" rx="2" fill="none" stroke="#5a3a22" ` +
    `stroke-width="3"/>` +
    // door
    `<rect x="${hx + 16}" y="${hy - 52}" width="26" height="52" rx="2" fill="#1f1714"/>` +
    `<rect x="${hx + 16}" y="${hy - 52}" width="26" height="52" rx="2" fill="none" stroke="#6b4128" stroke-width="2"/>`;

  // round tree beside the house
  let tree =
    `<path d="M${hx + 112},${hy + 2}L${hx + 108},${hy - 60}L${hx + 116},${hy - 60}L${hx + 114},${hy + 2}Z" ` +
    `fill="#241c18"/>`;
  for (let i = 0; i < 7; i++) {
    const a = (i / 7) * Math.PI * 2;
    tree +=
      `<circle cx="${r1(hx + 112 + Math.cos(a) * 22)}" cy="${r1(hy - 92 + Math.sin(a) * 20)}" ` +
      `r="${r1(24 + rand() * 6)}" fill="#2a3a2c"/>`;
  }
  tree += `<circle cx="${hx + 112}" cy="${hy - 92}" r="30" fill="#2f4232"/>`;
  tree += `<circle cx="${hx + 100}" cy="${hy - 104}" r="14" fill="#3b5140" opacity="0.8"/>`;

  // winding path from the door down the hill, lit warmly
  const path =
    `<path d="M${hx + 18},${hy}` +
    `C${hx + 10},${hy + 40} ${hx - 60},${hy + 60} ${hx - 40},${hy + 110}` +
    `C${hx - 25},${hy + 150} ${hx + 60},${hy + 180} ${hx + 20},${H + 10}` +
    `L${hx + 110},${H + 10}` +
    `C${hx + 120},${hy + 180} ${hx + 10},${hy + 150} ${hx - 5},${hy + 110}` +
    `C${hx - 20},${hy + 70} ${hx + 42},${hy + 40} ${hx + 40},${hy}Z" fill="#c89a6a" opacity="0.35"/>`;

  // fireflies / lights in the grass
  let lights = "";
  for (let i = 0; i < 14; i++) {
    const x = 60 + rand() * 380;
    const y = hy + 40 + rand() * 200;
    lights +=
      `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(1.2 + rand() * 1.4)}" fill="#ffd98e" ` +
      `opacity="${r1(0.3 + rand() * 0.5)}"/>`;
  }

  // gentle terraced-field lines following the hill
  let terraces = "";
  for (let i = 1; i <= 5; i++) {
    const dy = i * i * 9 + 14;
    terraces +=
      `<path d="M-20,${500 + dy}C60,${470 + dy} 150,${hy - 2 + dy} 250,${hy + dy}` +
      `C350,${hy + 2 + dy} 420,${480 + dy} 500,${505 + dy}" ` +
      `fill="none" stroke="#5d7a5c" stroke-opacity="${r1(0.32 - i * 0.03)}" stroke-width="1.4"/>`;
  }

  const body =
    `<rect width="${W}" height="${H}" fill="url(#bg6)"/>` +
    stars(rand, 60, { y1: 360, max: 0.6 }) +
    // crescent moon
    `<path d="M370,120a40,40 0 1 0 30,62a32,32 0 1 1 -30,-62z" fill="#f8ebcd"/>` +
    `<circle cx="372" cy="150" r="110" fill="url(#moonGlow6)"/>` +
    // far hills
    `<path d="M-20,440C80,400 160,420 240,410C330,398 410,380 500,400L500,${H}L-20,${H}Z" fill="url(#hillFar6)"/>` +
    // near hill the house sits on
    `<path d="M-20,500C60,470 150,${hy - 2} 250,${hy}C350,${hy + 2} 420,480 500,505L500,${H}L-20,${H}Z" ` +
    `fill="url(#hill6)"/>` +
    terraces +
    path +
    house +
    tree +
    lights;
  return svgDoc(defs, body, { frame: "#f3d9a4", frameOpacity: 0.38 });
}

// ---------------------------------------------------------------- icon

// Generic closed book: square viewBox, strokes in currentColor so CSS can colour it.
const BOOK_ICON =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" ` +
  `stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">` +
  `<path d="M5 19.5V5.5A2.5 2.5 0 0 1 7.5 3H19v14H7.5A2.5 2.5 0 0 0 5 19.5A2.5 2.5 0 0 0 7.5 22H19v-5"/>` +
  `<path d="M9 7h6"/>` +
  `</svg>\n`;

// ---------------------------------------------------------------- main

const COVERS = [coverLotus, coverTree, coverMountains, coverLantern, coverBamboo, coverHouse];

async function main() {
  const writeSvg = process.argv.includes("--svg");
  await mkdir(OUT_DIR, { recursive: true });
  for (const [i, draw] of COVERS.entries()) {
    const svg = draw();
    const file = join(OUT_DIR, `${i + 1}.webp`);
    const info = await sharp(Buffer.from(svg), { density: 72 })
      .resize(W, H)
      .webp({ quality: WEBP_QUALITY, effort: 6, smartSubsample: true })
      .toFile(file);
    if (writeSvg) await writeFile(join(OUT_DIR, `${i + 1}.svg`), svg);
    console.log(`${file}  ${info.width}×${info.height}  ${info.size} bytes`);
  }
  const iconFile = join(OUT_DIR, "book-icon.svg");
  await writeFile(iconFile, BOOK_ICON);
  console.log(`${iconFile}  ${Buffer.byteLength(BOOK_ICON)} bytes`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
