import fs from 'node:fs';
import path from 'node:path';
import { root } from '../lib/run.mjs';
import { percentile } from './http.mjs';
import { attempts, badInputs, checks, faults, results } from './ledger.mjs';
import { outDir, plan } from './suite.mjs';

/** The table on stdout, and the same figures in resilience-results/<mode>.json. */
export async function report() {
  const faultRows = faults.map((f) => {
    const inside = attempts.filter((a) => a.t >= f.from && a.t <= (f.to ?? Date.now()));
    const five = inside.filter((a) => a.status >= 500);
    return {
      fault: f.name,
      seconds: Math.round(((f.to ?? Date.now()) - f.from) / 100) / 10,
      requests: inside.length,
      fiveXx: five.length,
      fiveXxWithRetryAfter: five.filter((a) => a.status === 503 && a.retryAfter).length,
      networkErrors: inside.filter((a) => a.status === 0).length,
      p99: Math.round(
        percentile(
          inside.map((a) => a.ms).sort((x, y) => x - y),
          99,
        ),
      ),
    };
  });
  const total = {
    requestsSent: attempts.length,
    faultsInjected: faults.length,
    badInputsTried: badInputs.count,
    fiveXxSeen: attempts.filter((a) => a.status >= 500).length,
    itemsLost: (results.load?.cartLinesLost ?? 0) + (results.load?.ordersMissing ?? 0),
  };
  Object.assign(results, { finished: new Date().toISOString(), total, faults: faultRows, checks });
  const file = path.join(outDir, `${results.mode}.json`);
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);

  const lines = [];
  const row = (cells, widths) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  const w1 = [44, 24];
  lines.push(
    '',
    `Resilience (${results.mode}): ${plan.shoppers} shoppers × ${plan.seconds} s, 2 API processes behind nginx`,
  );
  lines.push(row(['', 'value'], w1));
  for (const [k, v] of Object.entries({
    'requests sent': total.requestsSent,
    'faults injected': total.faultsInjected,
    'bad inputs tried': total.badInputsTried,
    '5xx seen (every attempt, all phases)': total.fiveXxSeen,
    '5xx under load outside fault windows': results.load?.fiveXxOutsideFaults ?? '-',
    '5xx under load but PostgreSQL-away 503s': results.load?.fiveXxOtherThanPostgresAway ?? '-',
    '  of which 500/502/504': results.load?.hard5xx ?? '-',
    '5xx a shopper saw after SPEC retries': results.load
      ? `${results.load.shopperSaw5xx} (${results.load.shopperSaw5xxOutsidePostgresAway} outside PG away)`
      : '-',
    'items lost (cart quantity + orders)': total.itemsLost,
    'changes applied twice': results.load?.cartDuplicates ?? '-',
    'stock rows negative': results.load?.stockNegative ?? '-',
    'req/s under load': results.load?.rps ?? '-',
    'p50 / p99 ms (no fault)': results.load ? `${results.load.p50} / ${results.load.p99}` : '-',
  }))
    lines.push(row([k, v], w1));
  const w2 = [32, 6, 8, 5, 16, 8, 7];
  lines.push('', row(['fault', 's', 'requests', '5xx', '503+Retry-After', 'net err', 'p99 ms'], w2));
  for (const f of faultRows)
    lines.push(row([f.fault, f.seconds, f.requests, f.fiveXx, f.fiveXxWithRetryAfter, f.networkErrors, f.p99], w2));
  lines.push(
    '',
    `${checks.filter((c) => c.ok).length}/${checks.length} checks passed${checks.some((c) => !c.ok) ? '; failed:' : ''}`,
  );
  for (const c of checks.filter((c) => !c.ok))
    lines.push(`  ✗ ${c.area}: ${c.name}${c.detail ? ` (${c.detail})` : ''}`);
  lines.push(`JSON: ${path.relative(root, file)}`, '');
  process.stdout.write(lines.join('\n'));
}
