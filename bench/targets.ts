/**
 * The speed and size targets issue 8 set, judged from the side-by-side run:
 * RESULTS.md says which are met, so nobody has to work it out from the table
 * (or take a summary's word for it).
 */
import { fmt, median, type DriverResult } from './compare.ts';

const OURS = 'ours';
const PLAYWRIGHT = '@playwright/mcp';
const DEVTOOLS = 'chrome-devtools-mcp';

interface Target {
  goal: string;
  /** The figures the verdict rests on, or null when a server produced none. */
  judge(m: (server: string, key: string) => number | undefined): { figures: string; met: boolean } | null;
}

const ms = (v: number) => fmt('ms', v);
const times = (peer: number, ours: number) => `${(peer / ours).toFixed(1)}×`;

const TARGETS: Target[] = [
  {
    goal: 'click by ref on a small page: ≤ 5 ms median (single click and 20 in a row)',
    judge(m) {
      const single = m(OURS, 'click by ref ms');
      const repeated = m(OURS, '20 clicks: per click ms');
      if (single === undefined || repeated === undefined) return null;
      return { figures: `single ${ms(single)}, 20 in a row ${ms(repeated)} each`, met: single <= 5 && repeated <= 5 };
    },
  },
  {
    goal: `click by ref: ≥ 3× faster than ${PLAYWRIGHT}`,
    judge(m) {
      const ours = m(OURS, 'click by ref ms');
      const peer = m(PLAYWRIGHT, 'click by ref ms');
      if (ours === undefined || peer === undefined) return null;
      return { figures: `${ms(ours)} vs ${ms(peer)}: ${times(peer, ours)}`, met: peer / ours >= 3 };
    },
  },
  ...[PLAYWRIGHT, DEVTOOLS].map((peerName): Target => ({
    goal: `snapshot of the 10k page: ≥ 5× faster than ${peerName}`,
    judge(m) {
      const ours = m(OURS, 'snapshot 10k ms');
      const peer = m(peerName, 'snapshot 10k ms');
      if (ours === undefined || peer === undefined) return null;
      return { figures: `${ms(ours)} vs ${ms(peer)}: ${times(peer, ours)}`, met: peer / ours >= 5 };
    },
  })),
  {
    goal: `tools/list smaller than ${PLAYWRIGHT}'s default set`,
    judge(m) {
      const ours = m(OURS, 'tools/list bytes');
      const peer = m(PLAYWRIGHT, 'tools/list bytes');
      if (ours === undefined || peer === undefined) return null;
      return { figures: `${fmt('bytes', ours)} vs ${fmt('bytes', peer)}`, met: ours < peer };
    },
  },
];

export function targetsTable(results: DriverResult[]): string {
  const m = (server: string, key: string) => {
    const samples = results.find((r) => r.name === server)?.samples[key];
    return samples?.length ? median(samples) : undefined;
  };
  const rows = TARGETS.map((target) => {
    const verdict = target.judge(m);
    return `| ${target.goal} | ${verdict?.figures ?? 'no figures (a server failed, see above)'} | ${verdict ? (verdict.met ? 'met' : '**not met**') : '—'} |`;
  });
  return ['| target | this run | verdict |', '|---|---|---|', ...rows].join('\n');
}
