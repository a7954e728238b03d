// Fails when a key is missing from ru or en, or when a locale lacks a key of
// the shell, sign-in and generic screens (which every locale translates).
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../src/i18n/locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;
// Sections every one of the twelve locales must translate.
const SHARED = ['app.', 'login.', 'menu.', 'entity.', 'field.', 'filter.', 'error.', 'notFound.'];

function flatten(obj, prefix = '', out = new Set()) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix + k;
    if (v && typeof v === 'object') flatten(v, key + '.', out);
    else out.add(key.replace(PLURAL, ''));
  }
  return out;
}

// A language is a folder of section files merged into one namespace.
const load = (lang) => {
  const out = new Set();
  for (const f of readdirSync(join(dir, lang)).filter((n) => n.endsWith('.json'))) {
    flatten(JSON.parse(readFileSync(join(dir, lang, f), 'utf8')), '', out);
  }
  return out;
};
const ru = load('ru');
const en = load('en');
const problems = [];
for (const k of ru) if (!en.has(k)) problems.push(`en lacks ${k}`);
for (const k of en) if (!ru.has(k)) problems.push(`ru lacks ${k}`);
for (const lang of readdirSync(dir)) {
  if (lang === 'ru' || lang === 'en') continue;
  const keys = load(lang);
  for (const k of ru) if (SHARED.some((p) => k.startsWith(p)) && !keys.has(k)) problems.push(`${lang} lacks ${k}`);
}
// Every literal key the code asks for must exist in ru and en.
const src = join(dir, '../..');
const USE = /\bt\(\s*['"]([A-Za-z0-9_.-]+)['"]|i18nKey=['"]([A-Za-z0-9_.-]+)['"]/g;
function walk(d) {
  for (const e of readdirSync(d, { withFileTypes: true })) {
    const p = join(d, e.name);
    if (e.isDirectory()) walk(p);
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
      for (const m of readFileSync(p, 'utf8').matchAll(USE)) {
        const key = m[1] ?? m[2];
        if (!key.includes('.')) continue;
        for (const [lang, keys] of [['ru', ru], ['en', en]]) {
          if (!keys.has(key)) problems.push(`${lang} lacks ${key} (used in ${p.slice(src.length + 1)})`);
        }
      }
    }
  }
}
walk(src);
if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`i18n check: ${problems.length} missing keys`);
  process.exit(1);
}
console.log(`i18n check: ${ru.size} keys, ru and en complete, shared sections in every locale`);
