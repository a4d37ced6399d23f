#!/usr/bin/env node
// The sids the server's row sort may compare, in JavaScript's `localeCompare` order, as the pin
// `SidCollationTests` checks `SidCollation` against (issue 50, item 9; Models/README.md,
// "Row order ties").
//
// Usage: node Scripts/localecompare-pins.js > Tests/Pins/localecompare.json
//        node Scripts/localecompare-pins.js --exhaustive > /tmp/all.json
//          (every printable-ASCII string of 1 or 2 characters; not committed, 9,120 strings:
//          SIDCOLLATION_PINS=/tmp/all.json swift test --filter SidCollationTests)
//        node Scripts/localecompare-pins.js --random > /tmp/random.json
//          (17,426 distinct strings of 1-12 characters, a third over all printable ASCII, a
//          third over "aAbB_-0 ", a third over hex digits of both cases and "-"; not committed)
//
// Needs a Node with full ICU whose default locale is English (the server's). Same Node, same file:
// the strings come from a seeded PRNG, and are sorted by `a.localeCompare(b)` with no locale
// argument, as src/push/watcher.ts calls it.

const exhaustive = process.argv.includes("--exhaustive");
const randomOnly = process.argv.includes("--random");
const options = new Intl.Collator().resolvedOptions();
if (!options.locale.startsWith("en")) {
  console.error(`default locale ${options.locale}, expected en: run with LANG=en_US.UTF-8`);
  process.exit(2);
}

let seed = randomOnly ? 7 : 50;
function random() { // mulberry32
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (alphabet) => alphabet[Math.floor(random() * alphabet.length)];
const word = (alphabet, min, max) => {
  let n = min + Math.floor(random() * (max - min + 1)), s = "";
  while (n-- > 0) s += pick(alphabet);
  return s;
};

let printable = "";
for (let c = 0x20; c < 0x7f; c++) printable += String.fromCharCode(c);
const strings = new Set();
if (randomOnly) {
  const alphabets = [printable, "aAbB_-0 ", "0123456789abcdefABCDEF-"];
  for (let i = 0; i < 20000; i++) strings.add(word(alphabets[i % 3], 1, 12));
} else if (exhaustive) {
  for (const a of printable) { strings.add(a); for (const b of printable) strings.add(a + b); }
} else {
  for (const a of printable) strings.add(a);
  // Pairs over one or two characters of each class: case level, prefix, punctuation, digits.
  const classes = " _-.~$09aAbBfFzZ";
  for (const a of classes) for (const b of classes) strings.add(a + b);
  // Sid shapes: the model's (s1, S1), hex ids of either case with shared prefixes, UUID-like.
  for (let i = 0; i < 300; i++) strings.add(word("0123456789abcdefABCDEFsS-_", 2, 10));
  for (let i = 0; i < 60; i++) {
    const stem = word("0123456789abcdef", 4, 4);
    strings.add(stem + word("0123456789abcdefABCDEF", 1, 4));
    strings.add(stem.toUpperCase() + word("0123456789abcdef", 1, 4));
  }
  for (let i = 0; i < 40; i++) {
    strings.add([8, 4, 4, 4, 12].map((n) => word(random() < 0.5 ? "0123456789abcdef" : "0123456789ABCDEF", n, n)).join("-"));
  }
  for (let i = 0; i < 150; i++) strings.add(word(printable, 1, 8));
}

const sorted = [...strings].sort((a, b) => a.localeCompare(b));
for (let i = 1; i < sorted.length; i++) {
  if (sorted[i - 1].localeCompare(sorted[i]) !== -1) {
    console.error(`not strictly ordered: ${JSON.stringify(sorted[i - 1])} ${JSON.stringify(sorted[i])}`);
    process.exit(1);
  }
}
const header = {
  format: "cardcheck-localecompare",
  generator: "node Scripts/localecompare-pins.js" + (exhaustive ? " --exhaustive" : randomOnly ? " --random" : ""),
  node: process.version,
  icu: process.versions.icu,
  locale: options.locale,
};
const lines = sorted.map((s) => "    " + JSON.stringify(s));
process.stdout.write(JSON.stringify(header, null, 2).replace(/\n}$/, ",\n") + '  "sorted": [\n' + lines.join(",\n") + "\n  ]\n}\n");
