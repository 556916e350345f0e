// Draws the seed data's illustrations as small SVGs into public/images.
// Run once by hand (`node scripts/make-images.mjs`); the output is committed.
import { mkdirSync, writeFileSync } from "node:fs";

const scenes = {
  goa: { sky: ["#ffb347", "#ff6f61"], land: "#1b9aaa", kind: "sea" },
  manali: { sky: ["#a1c4fd", "#c2e9fb"], land: "#3d5a80", kind: "peaks" },
  jaipur: { sky: ["#f6d365", "#fda085"], land: "#c0603a", kind: "fort" },
  munnar: { sky: ["#d4fc79", "#96e6a1"], land: "#2d6a4f", kind: "hills" },
  leh: { sky: ["#89f7fe", "#66a6ff"], land: "#8d6e63", kind: "peaks" },
  udaipur: { sky: ["#fbc2eb", "#a6c1ee"], land: "#5e548e", kind: "lake" },
  rishikesh: { sky: ["#fddb92", "#d1fdff"], land: "#40916c", kind: "river" },
  "port-blair": { sky: ["#43e97b", "#38f9d7"], land: "#0077b6", kind: "sea" },
  spiti: { sky: ["#e0c3fc", "#8ec5fc"], land: "#6d597a", kind: "peaks" },
  kedarnath: { sky: ["#cfd9df", "#e2ebf0"], land: "#495057", kind: "peaks" },
  darjeeling: { sky: ["#fdfbfb", "#ebedee"], land: "#52796f", kind: "hills" },
  sikkim: { sky: ["#a8edea", "#fed6e3"], land: "#355070", kind: "lake" },
};

function shape(kind, land, v) {
  const s = v * 37;
  switch (kind) {
    case "sea":
      return `<path d="M0 ${330 + (s % 20)} Q200 ${300 + (s % 30)} 400 330 T800 320 V600 H0Z" fill="${land}"/><path d="M0 380 Q200 360 400 385 T800 375 V600 H0Z" fill="${land}" opacity=".7"/><path d="M560 330 l20-90 6 0 -10 90z" fill="#2d2a26"/><path d="M585 245 q-40 -5 -60 20 q30 -10 60 -18 q-10 -30 -45 -40 q40 5 48 35 q20 -30 55 -25 q-35 10 -50 30 q40 0 60 25 q-35 -20 -62 -22z" fill="#2f6f3e"/>`;
    case "peaks":
      return `<path d="M0 420 L${150 + (s % 60)} 180 L300 360 L${430 + (s % 40)} 140 L600 380 L700 250 L800 400 V600 H0Z" fill="${land}"/><path d="M${150 + (s % 60)} 180 l-35 55 35-15 30 20z M${430 + (s % 40)} 140 l-40 65 40-18 35 22z" fill="#fff"/><path d="M0 470 Q400 420 800 470 V600 H0Z" fill="#2b2d42" opacity=".55"/>`;
    case "fort":
      return `<path d="M0 430 H800 V600 H0Z" fill="${land}"/><path d="M220 430 V300 h40 v-30 h30 v30 h60 v-30 h30 v30 h60 v-30 h30 v30 h40 V430Z" fill="${land}" opacity=".85"/><circle cx="400" cy="280" r="34" fill="${land}" opacity=".9"/>`;
    case "hills":
      return `<path d="M0 360 Q200 250 400 340 T800 320 V600 H0Z" fill="${land}"/><path d="M0 430 Q250 340 520 420 T800 410 V600 H0Z" fill="${land}" opacity=".75"/><g stroke="#b7e4c7" stroke-width="3" opacity=".6">${Array.from({ length: 8 }, (_, i) => `<path d="M${i * 100} 480 q50 -20 100 0" fill="none"/>`).join("")}</g>`;
    case "lake":
      return `<path d="M0 340 L200 230 L360 330 L520 210 L800 350 V600 H0Z" fill="${land}"/><rect y="400" width="800" height="200" fill="#4ea8de" opacity=".85"/><path d="M300 400 h200 v-50 h-20 v-30 h-40 v30 h-80 v-30 h-40 v30 h-20z" fill="#fff" opacity=".9"/>`;
    default:
      return `<path d="M0 380 L220 200 L420 370 L600 240 L800 380 V600 H0Z" fill="${land}"/><path d="M0 520 C200 430 300 560 480 470 S800 480 800 480 V600 H0Z" fill="#48cae4"/>`;
  }
}

function scene(city, variant) {
  const { sky, land, kind } = scenes[city];
  const sun = 120 + ((variant * 173) % 560);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs><rect width="800" height="600" fill="url(#s)"/><circle cx="${sun}" cy="${110 + variant * 15}" r="${42 - variant * 3}" fill="#fff7d6" opacity=".9"/>${shape(kind, land, variant)}</svg>\n`;
}

mkdirSync("public/images/packages", { recursive: true });
for (const city of Object.keys(scenes)) {
  for (let v = 1; v <= 4; v++) writeFileSync(`public/images/packages/${city}-${v}.svg`, scene(city, v));
}

mkdirSync("public/images/sellers", { recursive: true });
writeFileSync(
  "public/images/sellers/wanderlust-logo.svg",
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80" width="80" height="80"><rect width="80" height="80" rx="18" fill="#0f766e"/><circle cx="40" cy="40" r="22" fill="none" stroke="#f59e0b" stroke-width="5"/><path d="M40 18 L46 40 L40 62 L34 40Z" fill="#fff"/><circle cx="40" cy="40" r="4" fill="#0f766e"/></svg>\n`,
);
writeFileSync("public/images/sellers/wanderlust-cover.svg", scene("udaipur", 2));
console.log("images written");
