import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DRUG_GROUPS } from '../../../contracts/drug-catalogue';
import { INTERACTION_EFFECTS, INTERACTION_SEVERITIES } from '../../../contracts/prescribing';
import { TASK_KIND_RULES, TASK_KINDS, TASK_PRIORITIES } from '../../../contracts/tasks';
import { SUPPORTED_LANGUAGES } from '../../../contracts/languages';

// Every code the prescribing screens word (therapeutic groups, interaction effects and severities,
// task priorities) has words in every language; the drugs' own words are the clinical catalogue's
// (src/web/lib/clinical/catalogue.test.ts).

const read = (language: string, namespace: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../locales/${language}/${namespace}.json`), 'utf8')) as Record<
    string,
    Record<string, string>
  >;

describe('prescribing words', () => {
  for (const language of SUPPORTED_LANGUAGES) {
    it(`${language}: every group, effect, severity and task priority has words`, () => {
      const words = read(language, 'prescribing');
      for (const [table, codes] of [
        ['groups', DRUG_GROUPS],
        ['effects', INTERACTION_EFFECTS],
        ['severities', INTERACTION_SEVERITIES],
      ] as const)
        for (const code of codes) expect(words[table]?.[code], `${table}.${code}`).toBeTruthy();
      const tasks = read(language, 'tasks');
      for (const priority of TASK_PRIORITIES) expect(tasks.priorities?.[priority], priority).toBeTruthy();
      for (const kind of TASK_KINDS) if (!TASK_KIND_RULES[kind].manual) expect(tasks.kinds?.[kind], kind).toBeTruthy();
    });
  }
});
