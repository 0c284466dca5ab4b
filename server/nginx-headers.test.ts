// The nginx recipes' header snippets send exactly what the Node server sends: the page set
// (deploy/nginx/security-headers.conf) and the answer set (deploy/nginx/answer-headers.conf).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { answerSecurityHeaders, securityHeaders } from './security-headers.ts';

const NGINX = fileURLToPath(new URL('../deploy/nginx/', import.meta.url));

/** The `add_header Name "value" always;` lines of a snippet, comments left out. */
function snippetHeaders(file: string): Array<[string, string]> {
  return readFileSync(`${NGINX}${file}`, 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#') && line.trim() !== '')
    .map((line) => {
      const match = /^add_header (\S+) "([^"]*)" always;$/.exec(line.trim());
      if (!match) throw new Error(`${file}: not an add_header … always line: ${line}`);
      return [match[1]!, match[2]!];
    });
}

describe('the nginx header snippets', () => {
  it('security-headers.conf is the page set', () => {
    expect(snippetHeaders('security-headers.conf')).toEqual(securityHeaders());
  });

  it('answer-headers.conf is the answer set', () => {
    expect(snippetHeaders('answer-headers.conf')).toEqual(answerSecurityHeaders());
  });

  it('every recipe location of calls, the console API, probes and refusals uses the answer set', () => {
    for (const recipe of ['static.conf', 'in-front.conf', 'sign-in.conf']) {
      const text = readFileSync(`${NGINX}${recipe}`, 'utf8');
      const blocks = text.split(/\n {4}location /).slice(1);
      const answers = blocks.filter((block) =>
        /^[^{]*(Inode\\\.asmx|__console\/|healthz|@inode_unreachable|@signed_out)/.test(block),
      );
      expect(answers.length, recipe).toBeGreaterThan(0);
      for (const block of answers) {
        const body = block.slice(0, block.indexOf('\n    }'));
        const usesPageSet = body.includes('inode-console-headers.conf');
        const usesAnswerSet = body.includes('inode-console-answer-headers.conf');
        // The relay's location answers only the upgrade: it adds no headers of its own.
        if (body.startsWith('= /tools/inode/__console/relay')) {
          expect(usesPageSet || usesAnswerSet, `${recipe}: relay`).toBe(false);
          continue;
        }
        expect({ location: body.split('\n')[0], usesPageSet, usesAnswerSet }).toEqual({
          location: body.split('\n')[0],
          usesPageSet: false,
          usesAnswerSet: true,
        });
      }
    }
  });
});
