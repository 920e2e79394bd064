// What a projector shows of a presenter slide, measured in the page: the
// boxes that run past the window, and the text drawn smaller than the back
// of the room can read (HTML by its computed size, SVG text by its size
// times the picture's scale on screen).

/** Every box that matters on a slide, with the part of it outside the window (0 when inside). */
export async function overflow(page) {
  return page.evaluate(() => {
    const w = window.innerWidth, h = window.innerHeight;
    const out = [];
    for (const sel of ['.p-caption', '.p-say', '.p-title', '.p-panel', '.p-figures', '.p-footer', '.p-count', '.p-footer .btn', '.p-auto', '.p-notice']) {
      for (const el of document.querySelectorAll(`.presenter ${sel}`)) {
        const r = el.getBoundingClientRect();
        if (r.width === 0) continue;
        const past = Math.max(0, r.right - w, r.bottom - h, -r.left);
        if (past > 1) out.push(`${sel} ${Math.round(r.left)}..${Math.round(r.right)} x ${Math.round(r.top)}..${Math.round(r.bottom)}`);
      }
    }
    return out;
  });
}

/**
 * The slide's text rendered under `min` px of the window: "size element 'text'", each once. HTML text
 * by its computed size times the CSS zoom in effect (the slide is zoomed to the window), SVG text by its
 * size times the picture's scale on screen, and the canvases by the smallest type they draw
 * (`data-min-font`, in their own CSS px) times the zoom.
 */
export async function smallText(page, min) {
  return page.evaluate((min) => {
    const root = document.querySelector('.presenter');
    if (!root) return [];
    const out = new Set();
    const zoomOf = (el) => el.currentCSSZoom ?? 1;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const text = t.textContent.trim();
      const el = t.parentElement;
      if (!text || !el || el.closest('option, title, desc, .tooltip')) continue;
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      let size = parseFloat(getComputedStyle(el).fontSize);
      if (el instanceof SVGElement) {
        const m = el.getScreenCTM();
        size *= m ? Math.hypot(m.a, m.b) : 1;
      } else size *= zoomOf(el);
      if (size < min - 0.05) out.add(`${size.toFixed(1)}px ${el.tagName.toLowerCase()}.${el.className?.baseVal ?? el.className} '${text.slice(0, 40)}'`);
    }
    for (const c of root.querySelectorAll('canvas[data-min-font]')) {
      const r = c.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      const size = Number(c.dataset.minFont) * zoomOf(c);
      if (size < min - 0.05) out.add(`${size.toFixed(1)}px canvas '${(c.getAttribute('aria-label') ?? '').slice(0, 40)}'`);
    }
    return [...out];
  }, min);
}

/** The slide's view when it needs a scroll to show the rest (the room sees only what is in the window): "scroll height / height". */
export async function viewScroll(page) {
  return page.evaluate(() => {
    const main = document.querySelector('.presenter .p-main');
    return main && main.scrollHeight > main.clientHeight + 1 ? [`${main.scrollHeight} / ${main.clientHeight}`] : [];
  });
}
