import { expect, test } from '@playwright/test';
import { lines, load, servePages, snapshot } from './helpers/snapshot-engine.ts';

/** What keeps a snapshot small: interactive mode, depth, root, viewportOnly, long drop-downs. */

servePages();

const APP_PAGE = `<header><nav aria-label="Main"><a href="/">Home</a><a href="/docs">Docs</a></nav></header>
  <main>
    <h1>Todos</h1>
    <p>Things to do today, written out as a long paragraph of prose that the interactive mode leaves out.</p>
    <section id="todo">
      <input placeholder="What needs to be done?">
      <ul>
        <li><input type="checkbox" aria-label="Buy milk" checked> Buy milk <a href="/items/1">Details</a></li>
        <li><input type="checkbox" aria-label="Walk dog"> Walk dog <a href="/items/2">Details</a></li>
      </ul>
      <button>Clear completed</button>
    </section>
  </main>`;

test.describe('size controls', () => {
  test('full snapshot of the sample app', async ({ page }) => {
    await load(page, APP_PAGE);
    expect(await snapshot(page)).toBe(lines(
      '- banner:',
      '  - navigation "Main":',
      '    - link "Home" [ref=e1]:',
      '      - /url: /',
      '    - link "Docs" [ref=e2]:',
      '      - /url: /docs',
      '- main:',
      '  - heading "Todos" [level=1]',
      '  - paragraph: Things to do today, written out as a long paragraph of prose that the interactive mode leaves out.',
      '  - textbox "What needs to be done?" [ref=e3]',
      '  - list:',
      '    - listitem:',
      '      - checkbox "Buy milk" [checked] [ref=e4]',
      '      - link "Details" [ref=e5]:',
      '        - /url: /items/1',
      '    - listitem:',
      '      - checkbox "Walk dog" [ref=e6]',
      '      - link "Details" [ref=e7]:',
      '        - /url: /items/2',
      '  - button "Clear completed" [ref=e8]'));
  });

  test('interactive keeps refs and the headings, landmarks and groups around them', async ({ page }) => {
    await load(page, APP_PAGE);
    expect(await snapshot(page, { interactive: true })).toBe(lines(
      '- banner:',
      '  - navigation "Main":',
      '    - link "Home" [ref=e1]',
      '    - link "Docs" [ref=e2]',
      '- main:',
      '  - heading "Todos" [level=1]',
      '  - textbox "What needs to be done?" [ref=e3]',
      '  - list:',
      '    - listitem:',
      '      - checkbox "Buy milk" [checked] [ref=e4]',
      '      - link "Details" [ref=e5]',
      '    - listitem:',
      '      - checkbox "Walk dog" [ref=e6]',
      '      - link "Details" [ref=e7]',
      '  - button "Clear completed" [ref=e8]'));
  });

  test('interactive names rows and nameless clickables by their text (a row\'s buttons without their cell), and says what a drop-down shows, a native one or one drawn from a <span>', async ({ page }) => {
    await load(page, `<table><thead><tr><th>User</th><th>Action</th></tr></thead><tbody>
        <tr><td>Ann Lee</td><td><button>Edit</button> <button>Delete</button></td></tr>
        <tr><td>Bob Roe</td><td><button>Edit</button></td></tr></tbody></table>
      <div style="cursor:pointer"><span>★</span> <b>Weekly report</b><p>Sales went up in every region this week, mostly in the north</p></div>
      <select aria-label="Sort"><option>Name</option><option selected>Date</option></select>
      <span role="combobox" tabindex="0" aria-label="Room" aria-expanded="false"><span>Double</span></span>
      <a href="/cart"><svg width="10" height="10"></svg></a>`);
    expect(await snapshot(page, { interactive: true })).toBe(lines(
      '- row "Ann Lee":',
      '  - button "Edit" [ref=e1]',
      '  - button "Delete" [ref=e2]',
      '- row "Bob Roe":',
      '  - button "Edit" [ref=e3]',
      '- generic "★ Weekly report Sales went up in every…" [ref=e4] [cursor=pointer]',
      '- combobox "Sort" [ref=e5]: Date',
      // One drawn from a <span> (jQuery UI's selectmenu) holds its value as text: said as well.
      '- combobox "Room" [ref=e6]: Double',
      // A link with no name, text or icon class: its URL is all there is to tell it by.
      '- link [ref=e7]:',
      '  - /url: /cart'));
  });

  test('interactive says the choice drawn over an empty combobox field (react-select\'s), not its placeholder, and what a list\'s button named apart shows', async ({ page }) => {
    const field = (id: string, shown: string) => `<div style="display: grid; width: 200px"><div style="grid-area: 1 / 1 / 2 / 3"${shown}</div>
      <div style="grid-area: 1 / 2"><input id="${id}" role="combobox" aria-expanded="false" style="width: 4px"${id === 'pet' ? ' aria-describedby="pet-ph"' : ''}></div></div>`;
    await load(page, `<label for="fruit">Fruit</label>${field('fruit', '>Cherry')}<label for="pet">Pet</label>${field('pet', ' id="pet-ph">Select...')}
      <label>City <input role="combobox" aria-expanded="false"></label>
      <button aria-haspopup="listbox" aria-label="Reviewer">Durward</button>
      <div style="position: relative; width: 200px"><label for="movie" style="position: absolute; left: 8px; top: 4px">Movie</label>
        <div style="position: relative"><input id="movie" role="combobox" aria-expanded="false" style="width: 180px">
        <fieldset style="position: absolute; inset: -4px; margin: 0"><legend style="font-size: 8px"><span>Movie</span></legend></fieldset></div></div>`);
    expect(await snapshot(page, { interactive: true })).toBe(lines(
      '- combobox "Fruit" [ref=e1]: Cherry',
      '- combobox "Pet" [ref=e2]',
      // A label beside the field is its name, not a choice.
      '- combobox "City" [ref=e3]',
      '- button "Reviewer" [ref=e4]: Durward',
      // Nor the name drawn again over the empty field, as MUI's outline does in its legend.
      '- combobox "Movie" [ref=e5]'));
  });

  test('interactive keeps a cell or a list item named for what it holds (a calendar\'s day around its events, a chosen item around its remove button): it says which', async ({ page }) => {
    await load(page, `<div role="grid"><div role="row" aria-label="Week 47">
      <div role="gridcell" aria-label="November 16, 2026">16 <button>Lunch</button> <button>Review</button></div>
      <div role="gridcell" aria-label="November 17, 2026" onclick="">17</div></div></div>
      <ul><li title="English"><span role="presentation" onclick="">×</span>English</li><li><button>Add</button> a language</li></ul>`);
    expect(await snapshot(page, { interactive: true })).toBe(lines(
      '- row "Week 47":',
      '  - gridcell "November 16, 2026":',
      '    - button "Lunch" [ref=e1]',
      '    - button "Review" [ref=e2]',
      '  - gridcell "November 17, 2026" [ref=e3]',
      // So is a list item (Select2's chosen language, around its remove button), not one named by nothing but its text.
      '- list:',
      '  - listitem "English":',
      '    - generic "×" [ref=e4]',
      '  - button "Add" [ref=e5]'));
  });

  test('a long drop-down or list box shows its first options and the selected ones; rooted at it, all of them', async ({ page }) => {
    const options = (prefix: string, n: number, selected = -1) =>
      Array.from({ length: n }, (_, i) => `<option${i === selected ? ' selected' : ''}>${prefix}${i}</option>`).join('');
    await load(page, `<select id="c" aria-label="Country"><optgroup label="A">${options('A', 30)}</optgroup><optgroup label="B">${options('B', 3, 1)}</optgroup></select>
      <select aria-label="Day">${options('D', 25)}</select><select multiple size="5" aria-label="Tags">${options('T', 40, 30)}</select>`);
    const full = await snapshot(page);
    expect(full).toBe(lines(
      '- combobox "Country" [ref=e1]:',
      '  - group "A":',
      ...Array.from({ length: 10 }, (_, i) => `    - option "A${i}"`),
      '  - group "B":',
      '    - option "B1" [selected]',
      '  - … 22 more options (snapshot with root=e1 to see them)',
      '- combobox "Day" [ref=e2]:',
      ...Array.from({ length: 25 }, (_, i) => `  - option "D${i}"${i === 0 ? ' [selected]' : ''}`),
      // A list box's options are clicked by ref: those shown have theirs.
      '- listbox "Tags" [ref=e3]:',
      ...Array.from({ length: 10 }, (_, i) => `  - option "T${i}" [ref=e${i + 4}]`),
      '  - option "T30" [selected] [ref=e14]',
      '  - … 29 more options (snapshot with root=e3 to see them)'));
    const all = await snapshot(page, { root: '#c' });
    expect(all.split('\n').filter((l) => l.includes('- option')).length).toBe(33);
    expect(all).not.toContain('more options');
  });

  test('depth elides deeper lines with a marker', async ({ page }) => {
    await load(page, APP_PAGE);
    expect(await snapshot(page, { depth: 0 })).toBe(lines(
      '- banner:', '  - … 5 more lines', '- main:', '  - … 13 more lines'));
    expect(await snapshot(page, { depth: 1 })).toBe(lines(
      '- banner:',
      '  - navigation "Main":',
      '    - … 4 more lines',
      '- main:',
      '  - heading "Todos" [level=1]',
      '  - paragraph: Things to do today, written out as a long paragraph of prose that the interactive mode leaves out.',
      '  - textbox "What needs to be done?" [ref=e1]',
      '  - list:',
      '    - … 8 more lines',
      '  - button "Clear completed" [ref=e2]'));
  });

  test('a ref\'d line cut by depth says how to see the rest', async ({ page }) => {
    await load(page, '<div role="listbox" aria-label="Fruit"><div role="option">Apple</div><div role="option">Pear</div></div>');
    expect(await snapshot(page, { depth: 0 })).toBe(lines(
      '- listbox "Fruit" [ref=e1]:', '  - … 2 more lines (snapshot with root=e1 to see them)'));
  });

  test('root scopes the snapshot to a subtree', async ({ page }) => {
    await load(page, APP_PAGE);
    expect(await snapshot(page, { root: 'ul > li:nth-child(2)' })).toBe(lines(
      '- listitem:',
      '  - checkbox "Walk dog" [ref=e1]',
      '  - link "Details" [ref=e2]:',
      '    - /url: /items/2'));
  });

  test('viewportOnly keeps what intersects the viewport', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 600 });
    await load(page, `<h1>Top</h1><button>Near</button><div style="height:3000px"></div>
      <section aria-label="Far"><button>Far away</button><p>Below the fold</p></section>`);
    expect(await snapshot(page, { viewportOnly: true })).toBe(lines('- heading "Top" [level=1]', '- button "Near" [ref=e1]'));
    await page.evaluate(() => window.scrollTo(0, 3000));
    expect(await snapshot(page, { viewportOnly: true })).toBe(lines(
      '- region "Far":', '  - button "Far away" [ref=e2]', '  - paragraph: Below the fold'));
  });
});
