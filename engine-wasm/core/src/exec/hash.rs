//! The hashes the engine prints: FNV-1a (plan hash values, the ids of
//! fixed-view names) and Oracle's SQL_ID / HASH_VALUE of a statement text
//! (MD5). A leaf: it uses nothing of the engine, so the plan printer
//! (`exec::xplan`), the fixed views (`exec::fixed`, `session::fixed`) and
//! V$SQL can all use it.

/// FNV-1a over a plan's shape: each line's id, parent id, operation and
/// object name, in line order; never 0.
pub fn shape_hash<'a>(lines: impl Iterator<Item = (u16, Option<u16>, &'a str, Option<&'a str>)>) -> u32 {
    let mut h = FNV_OFFSET;
    for (id, parent, operation, name) in lines {
        h = fnv1a(h, &id.to_le_bytes());
        h = fnv1a(h, &parent.map(|p| p as u32).unwrap_or(u32::MAX).to_le_bytes());
        h = fnv1a(h, operation.as_bytes());
        h = fnv1a(h, &[0]);
        h = fnv1a(h, name.unwrap_or("").as_bytes());
        h = fnv1a(h, &[0]);
    }
    if h == 0 {
        1
    } else {
        h
    }
}

/// FNV-1a's 32-bit offset basis.
pub const FNV_OFFSET: u32 = 0x811c_9dc5;

/// FNV-1a (32 bits): `h` continued over `bytes`.
pub fn fnv1a(mut h: u32, bytes: &[u8]) -> u32 {
    for &b in bytes {
        h ^= b as u32;
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

/// Oracle's SQL_ID and HASH_VALUE of a statement text: the last 64 bits
/// of MD5(text || NUL), the low 32 bits being the hash value, written in
/// base 32 with Oracle's alphabet.
pub fn sql_id(text: &str) -> (String, u32) {
    let mut bytes = text.as_bytes().to_vec();
    bytes.push(0);
    let d = md5(&bytes);
    let msb = u32::from_le_bytes([d[8], d[9], d[10], d[11]]);
    let lsb = u32::from_le_bytes([d[12], d[13], d[14], d[15]]);
    let mut n = ((msb as u64) << 32) | lsb as u64;
    const ALPHABET: &[u8; 32] = b"0123456789abcdfghjkmnpqrstuvwxyz";
    let mut out = [b'0'; 13];
    for i in (0..13).rev() {
        out[i] = ALPHABET[(n & 31) as usize];
        n >>= 5;
    }
    (String::from_utf8_lossy(&out).into_owned(), lsb)
}

/// MD5 (RFC 1321).
fn md5(input: &[u8]) -> [u8; 16] {
    const S: [u32; 64] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14,
        20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6,
        10, 15, 21,
    ];
    let k: Vec<u32> = (0..64).map(|i| ((i as f64 + 1.0).sin().abs() * 4294967296.0) as u32).collect();
    let (mut a0, mut b0, mut c0, mut d0) = (0x67452301u32, 0xefcdab89u32, 0x98badcfeu32, 0x10325476u32);
    let mut msg = input.to_vec();
    let bit_len = (input.len() as u64).wrapping_mul(8);
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend_from_slice(&bit_len.to_le_bytes());
    for chunk in msg.chunks(64) {
        let m: Vec<u32> = (0..16)
            .map(|i| u32::from_le_bytes([chunk[4 * i], chunk[4 * i + 1], chunk[4 * i + 2], chunk[4 * i + 3]]))
            .collect();
        let (mut a, mut b, mut c, mut d) = (a0, b0, c0, d0);
        for i in 0..64 {
            let (f, g) = match i / 16 {
                0 => ((b & c) | (!b & d), i),
                1 => ((d & b) | (!d & c), (5 * i + 1) % 16),
                2 => (b ^ c ^ d, (3 * i + 5) % 16),
                _ => (c ^ (b | !d), (7 * i) % 16),
            };
            let f = f.wrapping_add(a).wrapping_add(k[i]).wrapping_add(m[g]);
            a = d;
            d = c;
            c = b;
            b = b.wrapping_add(f.rotate_left(S[i]));
        }
        a0 = a0.wrapping_add(a);
        b0 = b0.wrapping_add(b);
        c0 = c0.wrapping_add(c);
        d0 = d0.wrapping_add(d);
    }
    let mut out = [0u8; 16];
    for (i, w) in [a0, b0, c0, d0].iter().enumerate() {
        out[4 * i..4 * i + 4].copy_from_slice(&w.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn md5_matches_rfc_1321() {
        let hex = |d: [u8; 16]| d.iter().map(|b| format!("{b:02x}")).collect::<String>();
        assert_eq!(hex(md5(b"")), "d41d8cd98f00b204e9800998ecf8427e");
        assert_eq!(hex(md5(b"The quick brown fox jumps over the lazy dog")), "9e107d9d372bb6826bd81d3542a419d6");
    }

    #[test]
    fn sql_id_of_the_articles_jdbc_statement() {
        // tkprof in memoptimized-rowstore-18c.txt: "SQL ID: 03z4487kpgfv3"
        // for the Java loop's "... WHERE key = ?", which the JDBC driver
        // sends as ":1 " (a space after the converted placeholder).
        assert_eq!(sql_id("SELECT value FROM t4 WHERE key = :1 ").0, "03z4487kpgfv3");
        assert_ne!(sql_id("SELECT value FROM t4 WHERE key = :1").0, "03z4487kpgfv3");
    }
}
