/** The console's one stylesheet, served from the package at /assets/console.css (no CDN, no inline style). */
export const CONSOLE_CSS = `
:root { color-scheme: light; --ink: #1d2733; --muted: #5b6775; --line: #d9dee5; --accent: #0b5cad; --bad: #a4161a; --ok: #1b7f3b; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f6f7f9; }
header { display: flex; align-items: center; gap: 1.5rem; padding: .6rem 1.2rem; background: #16212e; color: #fff; }
header .brand { font-weight: 600; }
header nav { display: flex; gap: .2rem; flex-wrap: wrap; flex: 1; }
header nav a { color: #cfd8e3; text-decoration: none; padding: .25rem .6rem; border-radius: 4px; }
header nav a[aria-current="page"], header nav a:hover { background: #2b3a4c; color: #fff; }
header form { margin: 0; }
header .who { color: #9fb0c3; font-size: 12px; }
main { max-width: 1200px; margin: 0 auto; padding: 1.2rem; }
h1 { font-size: 1.4rem; margin: .2rem 0 1rem; }
h2 { font-size: 1.05rem; margin: 1.6rem 0 .6rem; }
section.card, .tiles > div { background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: .9rem 1rem; }
.tiles { display: grid; grid-template-columns: repeat(auto-fill, minmax(210px, 1fr)); gap: .8rem; }
.tiles .value { font-size: 1.35rem; font-weight: 600; }
.tiles .label { color: var(--muted); font-size: 12px; }
table { border-collapse: collapse; width: 100%; background: #fff; border: 1px solid var(--line); }
th, td { text-align: left; padding: .35rem .55rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: #eef1f5; font-weight: 600; font-size: 12px; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.muted { color: var(--muted); }
.bad { color: var(--bad); font-weight: 600; }
.ok { color: var(--ok); font-weight: 600; }
.notice { background: #fff8e1; border: 1px solid #f0d58a; padding: .6rem .8rem; border-radius: 6px; margin: .8rem 0; }
.error { background: #fdecea; border: 1px solid #f5c2c0; padding: .6rem .8rem; border-radius: 6px; margin: .8rem 0; }
form.inline { display: inline; }
label { display: block; margin: .4rem 0 .15rem; font-weight: 600; }
input[type=text], input[type=password], input[type=number] { padding: .35rem .5rem; border: 1px solid #b9c2cd; border-radius: 4px; min-width: 18rem; }
input[type=number] { min-width: 0; width: 5rem; }
td form.inline { white-space: nowrap; }
fieldset { border: 1px solid var(--line); border-radius: 6px; margin: .5rem 0; }
fieldset label { display: inline-block; font-weight: normal; margin-right: 1rem; }
button { padding: .35rem .8rem; border: 1px solid var(--accent); background: var(--accent); color: #fff; border-radius: 4px; cursor: pointer; }
button.secondary { background: #fff; color: var(--accent); }
button.danger { background: var(--bad); border-color: var(--bad); }
code.secret { display: inline-block; padding: .4rem .6rem; background: #16212e; color: #d7f5d0; border-radius: 4px; font-size: 15px; user-select: all; }
svg.chart { background: #fff; border: 1px solid var(--line); border-radius: 6px; width: 100%; height: auto; }
.signin { max-width: 28rem; margin: 8vh auto; }
`;
