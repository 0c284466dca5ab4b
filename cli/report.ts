/**
 * --reporter junit / json: one test case per call or per CSV row, written as the usual
 * Ant/Jenkins JUnit XML (testsuites > testsuite > testcase > failure | error | skipped) by
 * junit-report-builder, or as JSON. Both go through the terminal's redaction: never the key.
 */
import junit from 'junit-report-builder';
import { UsageError } from './exit-codes.ts';
import type { Terminal } from './terminal.ts';

export type CaseStatus = 'passed' | 'failure' | 'error' | 'skipped';

export interface ReportCase {
  classname: string;
  name: string;
  status: CaseStatus;
  timeSeconds: number;
  /** One line: why it failed or was skipped. */
  message?: string;
  /** Longer text (the technical detail), as the element's content. */
  detail?: string;
}

export interface ReportSuite {
  name: string;
  cases: ReportCase[];
}

export interface ReporterOptions {
  reporter?: string[];
  reporterJunitExport?: string;
  reporterJsonExport?: string;
}

export const REPORTERS = ['junit', 'json'] as const;

/** Characters XML 1.0 cannot carry become U+FFFD, so a bad CSV cell cannot break the report. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const xmlSafe = (text: string) => text.replace(NOT_XML, '\uFFFD');

/** --reporter junit,json (or repeated): the names, checked. */
export function reporterNames(values: readonly string[] | undefined): string[] {
  const names = (values ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!(REPORTERS as readonly string[]).includes(name)) {
      throw new UsageError(`Unknown reporter "${name}": use ${REPORTERS.join(' or ')}.`);
    }
  }
  return names;
}

/** The JUnit XML text of some suites. */
export function junitXml(suites: readonly ReportSuite[], reportName: string): string {
  const builder = junit.newBuilder().name(xmlSafe(reportName));
  for (const suite of suites) {
    const testSuite = builder.testSuite().name(xmlSafe(suite.name)).timestamp(new Date());
    for (const entry of suite.cases) {
      const testCase = testSuite
        .testCase()
        .className(xmlSafe(entry.classname))
        .name(xmlSafe(entry.name))
        .time(entry.timeSeconds);
      const message = xmlSafe(entry.message ?? '');
      if (entry.status === 'failure') testCase.failure(message, 'BusinessFailure');
      else if (entry.status === 'error')
        testCase.error(message, 'CallError', xmlSafe(entry.detail ?? ''));
      else if (entry.status === 'skipped') testCase.skipped().standardOutput(message);
    }
  }
  return builder.build();
}

/** The counts a report summary shows. */
export function countCases(suites: readonly ReportSuite[]) {
  const all = suites.flatMap((s) => s.cases);
  const count = (status: CaseStatus) => all.filter((c) => c.status === status).length;
  return {
    tests: all.length,
    passed: count('passed'),
    failures: count('failure'),
    errors: count('error'),
    skipped: count('skipped'),
  };
}

/**
 * Writes the reports asked for.
 * @example writeReports(terminal, opts, 'inode-console call', [suite], { exitCode: 0 })
 */
export function writeReports(
  terminal: Terminal,
  options: ReporterOptions,
  reportName: string,
  suites: readonly ReportSuite[],
  extra: Record<string, unknown>,
): void {
  const names = reporterNames(options.reporter);
  if (names.includes('junit')) {
    const path = options.reporterJunitExport ?? 'inode-console-junit.xml';
    terminal.writeFile(path, junitXml(suites, reportName));
    terminal.err(`JUnit report: ${path}`);
  }
  if (names.includes('json')) {
    const path = options.reporterJsonExport ?? 'inode-console-report.json';
    const body = { name: reportName, ...extra, summary: countCases(suites), suites };
    terminal.writeFile(path, `${JSON.stringify(body, null, 2)}\n`);
    terminal.err(`JSON report: ${path}`);
  }
}
