// A value holding a line break (V$VERSION.BANNER_FULL from 18c, a view's
// text in USER_VIEWS) prints its lines one under the other in its column,
// each wrapped at the column's width: the break is not a character of the
// width (the lab cut "Version 18.0.0.0.0" as "Version 1" / "8.0.0.0.0").
import { describe, expect, it } from 'vitest';
import { formatRows } from '../../renderer/src/reports/sqlplus.mjs';

describe('values with line breaks', () => {
  it('starts a new line in the column at each break', () => {
    const banner = 'Oracle Database 18c Enterprise Edition Release 18.0.0.0.0 - Production\nVersion 18.0.0.0.0';
    expect(formatRows(['BANNER_FULL'], [[banner]], {}, [160], 80)).toEqual([
      'BANNER_FULL',
      '-'.repeat(80),
      'Oracle Database 18c Enterprise Edition Release 18.0.0.0.0 - Production',
      'Version 18.0.0.0.0',
    ]);
  });
  it('keeps the other columns aligned', () => {
    expect(formatRows(['N', 'TEXT'], [['V', 'select id\nfrom t']], {}, [1, 20], 80)).toEqual([
      'N TEXT',
      '- --------------------',
      'V select id',
      '  from t',
    ]);
  });
});
