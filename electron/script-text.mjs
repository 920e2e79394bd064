// Script files as text: how the CLI and the host read a .sql file.
//
//   - a UTF-8 byte order mark is dropped (Windows editors write one);
//   - a file with NUL bytes, a UTF-16/UTF-32 file, or bytes that are not
//     UTF-8 is refused with one sentence (ScriptTextError), never run;
//   - large files are decoded as a stream (createScriptDecoder), so the CLI
//     never holds more than a chunk of bytes at a time.

/** A file that is not a UTF-8 text script; `message` is one line. */
export class ScriptTextError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'ScriptTextError';
  }
}

/**
 * @param {Uint8Array} b  the first bytes of a file
 * @returns {string|null} the encoding a non-UTF-8 byte order mark announces
 */
function otherBom(b) {
  if (b[0] === 0xff && b[1] === 0xfe) return b[2] === 0 && b[3] === 0 ? 'UTF-32' : 'UTF-16';
  if (b[0] === 0xfe && b[1] === 0xff) return 'UTF-16';
  if (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff) return 'UTF-32';
  return null;
}

/**
 * A streaming decoder for one file: push() byte chunks, end() once.
 * @param {string} name  how the file is named in messages
 */
export function createScriptDecoder(name) {
  const decoder = new TextDecoder('utf-8', { fatal: true }); // drops a UTF-8 BOM by itself
  let offset = 0;
  /** @param {Uint8Array} bytes @param {boolean} stream */
  const decode = (bytes, stream) => {
    if (offset === 0 && bytes.length) {
      const enc = otherBom(bytes);
      if (enc) throw new ScriptTextError(`${name} is ${enc} text; save it as UTF-8 and run it again`);
    }
    const nul = bytes.indexOf(0);
    if (nul >= 0) throw new ScriptTextError(`${name} is not a text script (a NUL byte at offset ${offset + nul}); is it a binary file?`);
    try {
      const text = decoder.decode(bytes, { stream });
      offset += bytes.length;
      return text;
    } catch {
      throw new ScriptTextError(`${name} is not UTF-8 text (an invalid byte sequence within bytes ${offset}-${offset + bytes.length}); save it as UTF-8`);
    }
  };
  return {
    /** @param {Uint8Array} bytes */
    push: (bytes) => decode(bytes, true),
    end: () => decode(new Uint8Array(0), false),
  };
}

/**
 * A whole file's bytes as script text.
 * @param {Uint8Array} bytes @param {string} name
 * @returns {string}
 */
export function decodeScript(bytes, name) {
  const d = createScriptDecoder(name);
  return d.push(bytes) + d.end();
}

/**
 * Script text that arrived as a string (from the UI): the BOM dropped, NUL
 * characters refused.
 * @param {string} text @param {string} what
 */
export function cleanScriptText(text, what = 'script') {
  const t = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const nul = t.indexOf('\u0000');
  if (nul >= 0) throw new ScriptTextError(`${what} is not text (a NUL character at offset ${nul})`);
  return t;
}
