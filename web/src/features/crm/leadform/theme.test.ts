import { describe, expect, it } from 'vitest';
import { themeBody, themeOf } from './theme';

describe('a lead form theme', () => {
  it('reads only what it knows from the API', () => {
    expect(themeOf({ contentType: 'FormTheme', textColor: '#111', align: 'right', borderRadius: 0, other: 1, inputColor: null }))
      .toEqual({ textColor: '#111', align: 'right', borderRadius: 0 });
    expect(themeOf(null)).toEqual({});
  });
  it('sends the properties set, a nought kept, none as null', () => {
    expect(themeBody({ primaryColor: '#ff0000', borderRadius: 0, fullWidth: false, textColor: undefined }))
      .toEqual({ contentType: 'FormTheme', primaryColor: '#ff0000', borderRadius: 0 });
    expect(themeBody({ fullWidth: true })).toEqual({ contentType: 'FormTheme', fullWidth: true });
    expect(themeBody({})).toBeNull();
  });
});
