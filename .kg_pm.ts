import picomatch from 'picomatch';
for (const k of [5, 10, 15, 20]) {
  const pat = '*a'.repeat(k) + '*b';
  const m = picomatch(pat, { dot: true });
  const subject = 'a'.repeat(40);
  const s = Date.now(); const r = m(subject); console.log(k, r, Date.now() - s, 'ms', picomatch.makeRe(pat).source.slice(0, 80));
}
for (const bad of ['{a,b', '[a', 'a]', '**/[', '(a', '!(', '\\']) { try { const re = picomatch.makeRe(bad, { strictBrackets: true }); console.log(JSON.stringify(bad), 'ok', re.source.slice(0, 60)); } catch (e) { console.log(JSON.stringify(bad), 'throws', (e as Error).message.slice(0, 80)); } }
