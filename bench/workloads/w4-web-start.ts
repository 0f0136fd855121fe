// W4 web start: what the built web app makes a browser download for the sign-in route and for
// each role's area, and how long a cold load takes until the sign-in form is usable, set against
// a blank page holding the same form in plain HTML, served by the same server.
import { alternate, median, ratio, round } from '../measure';
import { startServer } from '../processes/server-under-test';
import type { WorkloadResult } from '../report';
import {
  entryKey,
  measureFiles,
  readManifest,
  routePreloadFiles,
  staticClosure,
  type BundleSize,
} from '../web/chunk-sizes';
import { launchChromium, type PageLoad } from '../web/form-usable';
import { BLANK_PAGE, buildWebApp } from '../web/web-build';

export interface WebStartOptions {
  /** Page loads of each kind. */
  samples: number;
}

const SIGN_IN_JS_GOAL_KB = 200;
const FORM_USABLE_GOAL_RATIO = 3;
// Each role's address prefix in the build's route preload table.
const ROLE_AREAS = {
  admin: '/admin/',
  teacher: '/teacher/',
  student: '/student/',
  client: '/client/',
} as const;

export async function webStart(options: WebStartOptions): Promise<WorkloadResult> {
  const webDir = buildWebApp();
  const manifest = readManifest(webDir);
  const server = await startServer({ webDir });
  const browser = await launchChromium().catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  try {
    const loads = await alternate(
      options.samples,
      () => browser.load(`${server.url}/${BLANK_PAGE}`),
      () => browser.load(`${server.url}/login`),
    );

    // The sign-in route: the entry and its static imports, plus whatever the browser fetched
    // lazily while showing the form (chunks the manifest cannot attribute to the route).
    const entryFiles = staticClosure(manifest, entryKey(manifest));
    const fetched = new Set(loads.subject.flatMap((load) => load.assets.map((a) => a.slice(1))));
    const lazilyFetched = [...fetched].filter((file) => !entryFiles.has(file));
    const signInFiles = new Set([...entryFiles, ...fetched]);
    const signIn = measureFiles(webDir, signInFiles);

    // Each area: what its home loads before its first paint on top of the sign-in route (the
    // role's other screens come later, see docs/renderer.md).
    const areas = Object.fromEntries(
      Object.entries(ROLE_AREAS).map(([role, prefix]) => {
        const files = [...routePreloadFiles(webDir, prefix)];
        const added = measureFiles(
          webDir,
          files.filter((file) => !signInFiles.has(file)),
        );
        return [role, added];
      }),
    ) as Record<keyof typeof ROLE_AREAS, BundleSize>;

    const usableMs = (side: PageLoad[]) => median(side.map((load) => load.formUsableMs));
    const signInMs = usableMs(loads.subject);
    const blankMs = usableMs(loads.baseline);
    const timeRatio = ratio(signInMs, blankMs);
    const areaText = Object.entries(areas)
      .map(([role, size]) => `${role} +${size.jsGzipKb} kB`)
      .join(', ');

    return {
      id: 'W4',
      title: 'web start',
      line:
        `sign-in route ${signIn.jsGzipKb} kB gzip JS + ${signIn.cssGzipKb} kB gzip CSS ` +
        `(${signIn.files} files, ${lazilyFetched.length} fetched lazily); ` +
        `role areas add (gzip JS): ${areaText}; ` +
        `sign-in form usable after ${round(signInMs)} ms vs blank page ${round(blankMs)} ms = ${timeRatio}× ` +
        `(median of ${options.samples} cold loads each)`,
      figures: {
        signInRoute: { ...signIn, lazilyFetched },
        roleAreasBeyondSignIn: areas,
        signInFormUsableMs: round(signInMs),
        blankPageFormUsableMs: round(blankMs),
        timeRatio,
        samplesMs: {
          signIn: loads.subject.map((load) => round(load.formUsableMs)),
          blank: loads.baseline.map((load) => round(load.formUsableMs)),
        },
      },
      goals: [
        {
          target: `sign-in route < ${SIGN_IN_JS_GOAL_KB} kB gzip JS`,
          met: signIn.jsGzipKb < SIGN_IN_JS_GOAL_KB,
        },
        {
          target: `sign-in form usable ≤ ${FORM_USABLE_GOAL_RATIO}× blank page`,
          met: timeRatio <= FORM_USABLE_GOAL_RATIO,
        },
      ],
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
