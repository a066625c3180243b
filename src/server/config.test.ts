import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected loadConfig to throw a ConfigError');
}

describe('configuration from the environment', () => {
  describe('a bad value stops the server with a message naming the variable', () => {
    it.each([
      ['PORT', 'abc'],
      ['PORT', '70000'],
      ['PORT', '3.5'],
      ['DATABASE_URL', 'not a url'],
      ['DATABASE_URL', 'mysql://db.internal:3306/caredeck'],
      ['DEMO_MODE', 'maybe'],
      ['PUBLIC_URL', 'ftp://portal.example.org'],
      ['LOG_LEVEL', 'chatty'],
      ['DB_ACQUIRE_TIMEOUT_MS', '0'],
      ['DB_STATEMENT_TIMEOUT_MS', 'soon'],
      ['REQUEST_TIMEOUT_MS', '-5'],
      ['REMINDER_HOURS_BEFORE', '0'],
      ['REMINDER_HOURS_BEFORE', '400'],
      ['REMINDER_HOURS_BEFORE', '48,48'],
      ['REMINDER_HOURS_BEFORE', '1,2,3,4,5'],
      ['REMINDER_HOURS_BEFORE', 'tomorrow'],
      ['WAITLIST_OFFER_MINUTES', '1'],
    ])('%s=%s', (name, value) => {
      const error = configError({ [name]: value });
      expect(error.problems.length).toBeGreaterThan(0);
      for (const problem of error.problems) expect(problem.startsWith(`${name}: `)).toBe(true);
      expect(error.message).toContain(name);
    });

    it('reads reminder times as whole hours, largest first, and defaults to 48 and 2', () => {
      expect(loadConfig({ REMINDER_HOURS_BEFORE: '2, 24' }).reminderHoursBefore).toEqual([24, 2]);
      expect(loadConfig({}).reminderHoursBefore).toEqual([48, 2]);
      expect(loadConfig({}).waitlistOfferMinutes).toBe(30);
    });

    it('lists every bad variable at once', () => {
      const error = configError({ PORT: 'abc', DEMO_MODE: 'maybe' });
      expect(error.problems.map((p) => p.split(':')[0]).sort()).toEqual(['DEMO_MODE', 'PORT']);
    });

    it.each([
      ['DATABASE_URL', 'mysql://caredeck:hunter2-secret@db.internal/caredeck'],
      ['DATABASE_URL', 'mysql://db.internal/caredeck?user=caredeck&password=hunter2-secret'],
      ['REDIS_URL', 'http://default:hunter2-secret@cache.internal:6379'],
    ])('does not repeat the password of a refused %s (stderr ends up in logs)', (name, value) => {
      const error = configError({ [name]: value });
      expect(error.message).toContain(name);
      expect(error.message).not.toContain('hunter2-secret');
    });
  });

  describe('demo mode', () => {
    it('is on by default on the embedded database (no DATABASE_URL)', () => {
      expect(loadConfig({}).demoMode).toBe(true);
    });

    it('is off by default with DATABASE_URL', () => {
      expect(loadConfig({ DATABASE_URL: 'postgres://caredeck@db.internal:5432/caredeck' }).demoMode).toBe(false);
    });

    it('can be switched either way explicitly', () => {
      expect(loadConfig({ DATABASE_URL: 'postgresql://db.internal/caredeck', DEMO_MODE: 'true' }).demoMode).toBe(true);
      expect(loadConfig({ DEMO_MODE: 'off' }).demoMode).toBe(false);
    });

    it('treats an empty DATABASE_URL as not set', () => {
      const config = loadConfig({ DATABASE_URL: '' });
      expect(config.databaseUrl).toBeUndefined();
      expect(config.demoMode).toBe(true);
    });
  });

  describe('defaults', () => {
    it('bounds every wait: pool, statements, idle transactions, requests', () => {
      const config = loadConfig({});
      expect(config.databaseLimits).toEqual({
        poolSize: 10,
        acquireTimeoutMs: 1_000,
        statementTimeoutMs: 5_000,
        idleInTransactionTimeoutMs: 10_000,
        queueLimit: 200,
      });
      expect(config.requestTimeoutMs).toBe(15_000);
      const tuned = loadConfig({ DB_POOL_SIZE: '20', DB_ACQUIRE_TIMEOUT_MS: '500', REQUEST_TIMEOUT_MS: '3000' });
      expect(tuned.databaseLimits.poolSize).toBe(20);
      expect(tuned.databaseLimits.acquireTimeoutMs).toBe(500);
      expect(tuned.requestTimeoutMs).toBe(3_000);
    });

    it('serves on port 5000 with PUBLIC_URL http://localhost:5000', () => {
      const config = loadConfig({});
      expect(config.port).toBe(5000);
      expect(config.publicUrl).toBe('http://localhost:5000');
    });

    it('derives the default PUBLIC_URL from PORT', () => {
      expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    });

    it('drops a trailing slash from PUBLIC_URL', () => {
      expect(loadConfig({ PUBLIC_URL: 'https://portal.example.org/' }).publicUrl).toBe('https://portal.example.org');
    });

    it('keeps memory:// as is and resolves DATA_DIR otherwise', () => {
      expect(loadConfig({ DATA_DIR: 'memory://' }).dataDir).toBe('memory://');
      expect(loadConfig({ DATA_DIR: 'var/data' }).dataDir).toBe(path.resolve('var/data'));
    });

    it('runs as production unless told otherwise', () => {
      expect(loadConfig({}).env).toBe('production');
    });
  });

  describe('video visits: ICE_SERVERS and TURN_SECRET', () => {
    it('has no ICE servers by default: browsers connect directly, nothing goes through anyone else', () => {
      expect(loadConfig({}).iceServers).toEqual([]);
      expect(loadConfig({}).turnSecret).toBeUndefined();
    });

    it('reads a JSON array of RTCIceServer entries', () => {
      const servers = [
        { urls: 'stun:turn.clinic.example:3478' },
        { urls: ['turn:turn.clinic.example:3478?transport=udp', 'turns:turn.clinic.example:5349'], username: 'u', credential: 'c' },
      ];
      const config = loadConfig({ ICE_SERVERS: JSON.stringify(servers), TURN_SECRET: 'a-shared-secret-of-some-length' });
      expect(config.iceServers).toEqual(servers);
      expect(config.turnSecret).toBe('a-shared-secret-of-some-length');
    });

    it.each([
      ['not JSON', '[{urls: stun:x}'],
      ['not an array', '{"urls":"stun:x"}'],
      ['an entry without urls', '[{"username":"u"}]'],
      ['an unknown field', '[{"urls":"stun:x","password":"p"}]'],
    ])('refuses %s with a message naming ICE_SERVERS and without echoing the value (it may hold credentials)', (_label, value) => {
      const error = configError({ ICE_SERVERS: value });
      expect(error.problems).toHaveLength(1);
      expect(error.problems[0]!.startsWith('ICE_SERVERS: ')).toBe(true);
      expect(error.message).toContain('RTCIceServer');
      expect(error.message).not.toContain(value);
    });

    it('refuses a TURN secret too short to be one, without echoing it', () => {
      const error = configError({ TURN_SECRET: 'short-secret' });
      expect(error.problems[0]!.startsWith('TURN_SECRET: ')).toBe(true);
      expect(error.message).not.toContain('short-secret');
    });
  });
});
