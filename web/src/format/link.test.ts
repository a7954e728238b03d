import { describe, expect, it } from 'vitest';
import { isValidLink } from './link';

describe('isValidLink', () => {
  it('accepts public http, https and ftp addresses', () => {
    for (const u of ['http://example.com', 'https://example.com/a?b=1', 'ftp://files.example.org/x', 'https://8.8.8.8/', 'https://[2001:db8::1]/', 'http://172.32.0.1/', 'http://192.169.0.1/']) {
      expect(isValidLink(u), u).toBe(true);
    }
  });

  it('refuses other schemes and non-addresses', () => {
    for (const u of ['mailto:a@b.c', 'javascript:alert(1)', 'file:///etc/passwd', 'example.com', '', 'http://']) {
      expect(isValidLink(u), u).toBe(false);
    }
  });

  it('refuses private, loopback and link-local ranges', () => {
    for (const u of [
      'http://10.1.2.3/', 'http://172.16.0.1/', 'http://172.31.255.255/', 'http://192.168.1.1/', 'http://127.0.0.1:8080/',
      'http://169.254.169.254/latest', 'http://[::1]/', 'http://[fc00::1]/', 'http://[fd12:3456::1]/', 'http://[fe80::1]/',
      'http://[febf::1]/', 'http://localhost/', 'http://LOCALHOST:3000/', 'http://app.localhost/',
      // Other spellings of private addresses that the URL parser normalises.
      'http://2130706433/', 'http://0x7f.1/', 'http://[::ffff:192.168.0.1]/',
    ]) {
      expect(isValidLink(u), u).toBe(false);
    }
  });
});
