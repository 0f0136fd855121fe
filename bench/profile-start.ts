// `npm run profile:start -- <login|admin|teacher|student|client> [--runs 5] [--from 0]
// [--window 3000] [--top 30] [--match regex]`: where the page's start spends the main thread,
// by package and by function (see bench/web/start-profile.ts). `--match` keeps the functions
// whose name or file matches, e.g. `--match 'app:|Provider'`.
import { parseArgs } from 'node:util';
import { profileStart, type ProfiledPage } from './web/start-profile';

const PAGES = ['login', 'admin', 'teacher', 'student', 'client'] as const;
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '5' },
    from: { type: 'string', default: '0' },
    window: { type: 'string', default: '3000' },
    top: { type: 'string', default: '30' },
    match: { type: 'string', default: '' },
  },
});
const page = positionals[0] ?? 'login';
if (!(PAGES as readonly string[]).includes(page))
  throw new Error(`Profile one of ${PAGES.join(', ')}, not ${page}`);

const profile = await profileStart({
  page: page as ProfiledPage,
  runs: Number(values.runs),
  fromMs: Number(values.from),
  windowMs: Number(values.window),
});
const top = Number(values.top);
const match = new RegExp(values.match);
const ms = (value: number) => value.toFixed(1).padStart(7);
console.log(`${page}: ${ms(profile.busyMs)} ms of JavaScript per load on the main thread`);
console.log('\nSelf time by package or app folder (ms per load):');
for (const [where, value] of profile.byPackage.slice(0, top)) console.log(`${ms(value)}  ${where}`);
console.log('\nTime in each function and what it called (ms per load):');
for (const [name, value] of profile.inclusive.filter(([name]) => match.test(name)).slice(0, top))
  console.log(`${ms(value)}  ${name}`);
