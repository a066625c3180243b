import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateListResponseSchema } from '../../../contracts/clinical-notes';
import { createActor } from '../../test-support/idor-harness';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { users } from '../schema';
import { eq } from 'drizzle-orm';
import { DEMO_NOTE_TEMPLATES } from './demo-note-templates';

// A fresh demo start gives the demo doctor shared note templates with named fields, which every
// doctor lists and only the demo doctor may change.

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ seed: true });
  await test.app.ready();
});

afterAll(async () => {
  await test?.close();
});

describe('the demo note templates', () => {
  it('are shared by the demo doctor and name the patient’s record fields', async () => {
    const [doctor] = await test.db.db.select({ id: users.id }).from(users).where(eq(users.email, 'doctor@caredeck.demo'));
    const agent = new TestAgent(test.app);
    await agent.signInAs(doctor!.id);
    const own = templateListResponseSchema.parse((await agent.get('/api/note-templates')).json()).data;
    expect(own.map((t) => t.name)).toEqual(expect.arrayContaining(DEMO_NOTE_TEMPLATES.map((t) => t.name)));
    expect(own.every((t) => t.shared && t.mine)).toBe(true);
    expect(own.find((t) => t.name === 'Follow-up visit')?.objective).toContain('{{vitals}}');
    const colleague = await createActor(test.app, 'doctor');
    const theirs = templateListResponseSchema.parse((await colleague.agent.get('/api/note-templates')).json()).data;
    expect(theirs.map((t) => t.name)).toEqual(expect.arrayContaining(DEMO_NOTE_TEMPLATES.map((t) => t.name)));
    expect(theirs.every((t) => !t.mine)).toBe(true);
  });
});
