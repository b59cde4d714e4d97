import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { clickHandlerTrackerSource } from '../src/background/page-scripts/click-handlers.ts';
import { CLICK_HANDLER_TRACKER } from '../src/shared/page-trackers.ts';
import { lines, load, servePages, snapshot } from './helpers/snapshot-engine.ts';

/**
 * The snapshot engine in real Chromium: HTML in, snapshot text out — what an
 * agent reads. The engine runs as a plain page script here (no extension), so
 * closed shadow roots are reached through a test stand-in for
 * chrome.dom.openOrClosedShadowRoot (see CLOSED_ROOT_HOOK). Refs:
 * snapshot-refs.spec.ts; size controls: snapshot-size.spec.ts.
 */

servePages();

// [title, body HTML, expected snapshot, optional script run before the snapshot]
type Case = [string, string, string, ((page: Page) => Promise<void>)?];

const cases: Case[] = [
  // roles
  ['heading levels', '<h1>Todos</h1><h3>Sub</h3><div role="heading" aria-level="4">Four</div><div role="heading">Plain</div>',
    lines('- heading "Todos" [level=1]', '- heading "Sub" [level=3]', '- heading "Four" [level=4]', '- heading "Plain" [level=2]')],
  ['button', '<button>Save</button>', '- button "Save" [ref=e1]'],
  ['link with /url', '<a href="/items/1">Details</a>', lines('- link "Details" [ref=e1]:', '  - /url: /items/1')],
  ['an SVG link by xlink:href is a link with its /url (a chart\'s, an icon set\'s)', '<svg width="200" height="30"><a xlink:href="/next"><text x="5" y="20">Next page</text></a></svg>',
    lines('- img:', '  - link "Next page" [ref=e1]:', '    - /url: /next')],
  ['anchor without href is text', '<a>No href</a>', '- text: No href'],
  ['textbox value after colon', '<input type="text" aria-label="Name" value="John">', '- textbox "Name" [ref=e1]: John'],
  ['searchbox', '<input type="search" aria-label="Query">', '- searchbox "Query" [ref=e1]'],
  ['textarea value, not its text child', '<textarea aria-label="Bio">Hello</textarea>', '- textbox "Bio" [ref=e1]: Hello'],
  ['password is masked', '<input type="password" aria-label="Password" value="hunter2">', '- textbox "Password" [ref=e1]: ••••••••'],
  ['slider value', '<input type="range" aria-label="Volume" value="30">', '- slider "Volume" [ref=e1]: "30"'],
  ['spinbutton', '<input type="number" aria-label="Qty" value="2">', '- spinbutton "Qty" [ref=e1]: "2"'],
  ['meter and progress: the value, not their unrendered fallback text', '<meter aria-label="Disk" value="0.6">60%</meter><progress aria-label="Upload" value="30" max="100">30%</progress>',
    lines('- meter "Disk": "0.6"', '- progressbar "Upload": "30"')],
  ['an ARIA slider or progress bar: the value once, not again as its own text', '<div role="slider" tabindex="0" aria-label="Brightness" aria-valuenow="3">3</div><div role="progressbar" aria-label="Sync" aria-valuenow="40" aria-valuetext="40 %">40%</div>',
    lines('- slider "Brightness" [ref=e1]: "3"', '- progressbar "Sync": 40 %')],
  ['a nameless control shows its test id or its icon; a named one does not',
    `<button><svg class="lucide lucide-trash-2"></svg></button><button><i class="fa fa-solid fa-lg fa-magnifying-glass"></i></button>
      <a href="/s"><svg><use href="/sprite.svg#icon-settings"></use></svg></a><div role="button" tabindex="0" data-testid="share-button" style="width:20px;height:20px"></div>
      <button aria-label="Close" data-testid="x"><i class="fa fa-xmark"></i></button><button class="btn-close"></button>
      <button class="mantine-focus-auto mantine-Modal-close mantine-CloseButton-root"><svg viewBox="0 0 15 15"></svg></button><button class="enclosed"></button>`,
    lines('- button [ref=e1] [icon=trash-2]:', '  - img', '- button [ref=e2] [icon=magnifying-glass]', '- link [ref=e3] [icon=settings]:', '  - /url: /s', '  - img',
      // A close button named by its own class (Bootstrap's, Mantine's), not by a word that holds "close".
      '- button [ref=e4] [testid=share-button]', '- button "Close" [ref=e5]', '- button [ref=e6] [icon=close]', '- button [ref=e7] [icon=close]:', '  - img', '- button [ref=e8]')],
  ['an empty text holder with no name prints no line (a live region waiting for its first message); a named one does',
    '<div role="log"></div><p></p><p>Text</p><div role="alert" aria-label="Errors"></div><main><div role="status"></div></main>',
    lines('- paragraph: Text', '- alert "Errors"', '- main')],
  ['select is a combobox with options', '<select aria-label="Size"><option>S</option><option selected>M</option></select>',
    lines('- combobox "Size" [ref=e1]:', '  - option "S"', '  - option "M" [selected]')],
  ['a customizable select (appearance: base-select): no line for the button it draws its value in, as in Chromium\'s tree',
    '<style>select, ::picker(select) { appearance: base-select; }</style><select aria-label="Pet"><button><selectedcontent></selectedcontent></button><option>Cat</option><option selected>Dog</option></select>',
    lines('- combobox "Pet" [ref=e1]:', '  - option "Cat"', '  - option "Dog" [selected]')],
  ['list', '<ul><li>One</li><li><a href="/two">Two</a></li></ul>',
    lines('- list:', '  - listitem: One', '  - listitem:', '    - link "Two" [ref=e1]:', '      - /url: /two')],
  ['table', '<table><tr><th>Name</th><th>Age</th></tr><tr><td>Ann</td><td>31</td></tr></table>',
    lines('- table:', '  - rowgroup:', '    - row:', '      - columnheader "Name"', '      - columnheader "Age"',
      '    - row:', '      - cell "Ann"', '      - cell "31"')],
  ['a grid cell around its own button leaves the ref to the button; a plain cell keeps one',
    '<table role="grid"><tr><td role="gridcell"><button>5</button></td><td role="gridcell" tabindex="-1">Sold out</td></tr></table>',
    lines('- grid:', '  - rowgroup:', '    - row:', '      - gridcell:', '        - button "5" [ref=e1]', '      - gridcell "Sold out" [ref=e2]')],
  ['landmarks', '<header>Top</header><nav><a href="/">Home</a></nav><main><p>Body</p></main><footer>End</footer>',
    lines('- banner: Top', '- navigation:', '  - link "Home" [ref=e1]:', '    - /url: /', '- main:', '  - paragraph: Body', '- contentinfo: End')],
  ['img alt and presentational img', '<img alt="Logo" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><img alt="" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">',
    '- img "Logo"'],
  ['iframe is a slot for the child frame', '<p>Before</p><iframe srcdoc="<button>Inner</button>"></iframe>',
    lines('- paragraph: Before', '- iframe [ref=e1]')],
  ['an iframe is named by its title', '<iframe title="Secure payment" srcdoc="<button>Pay</button>"></iframe><iframe title="Ad: sponsored" srcdoc="x"></iframe>',
    lines('- iframe "Secure payment" [ref=e1]', `- 'iframe "Ad: sponsored" [ref=e2]'`)],

  // naming
  ['aria-labelledby', '<span id="l">Email address</span><input aria-labelledby="l">',
    '- textbox "Email address" [ref=e1]'],
  ['wrapping label', '<label>Buy milk <input type="checkbox" checked></label>',
    '- checkbox "Buy milk" [checked] [ref=e1]'],
  ['wrapping labels side by side each name their control, and their text is not printed again',
    '<label><input type="checkbox" checked> Newsletter</label> <label>Shipping <select><option>Express</option></select></label> <label>Photo <input type="file"></label>',
    lines('- checkbox "Newsletter" [checked] [ref=e1]', '- combobox "Shipping" [ref=e2]:', '  - option "Express" [selected]', '- button "Photo" [ref=e3]')],
  ['a label beside its field is not run into the text before it (an error message)',
    '<span>Enter a valid email</span><label for="pw">Password</label><input id="pw"> <input id="r" type="checkbox"> <label for="r">Remember me</label>',
    lines('- text: Enter a valid email', '- textbox "Password" [ref=e1]', '- checkbox "Remember me" [ref=e2]')],
  ['a label inside a sentence stays in it', '<p>I read the <label for="t">terms</label> today <input type="checkbox" id="t"></p>',
    lines('- paragraph:', '  - text: I read the terms today', '  - checkbox "terms" [ref=e1]')],
  ['label for', '<label for="n">Nick</label><input id="n">', '- textbox "Nick" [ref=e1]'],
  ['placeholder as name is not repeated', '<input placeholder="What needs to be done?">', '- textbox "What needs to be done?" [ref=e1]'],
  ['placeholder besides a label', '<input aria-label="Search" placeholder="e.g. milk">',
    lines('- textbox "Search" [ref=e1]:', '  - /placeholder: e.g. milk')],
  ['a placeholder is not drawn, nor printed, once the field holds a value', '<input aria-label="Framework" placeholder="Pick one" value="Svelte">',
    '- textbox "Framework" [ref=e1]: Svelte'],
  ['title as name', '<button title="Close"></button>', '- button "Close" [ref=e1]'],
  ['an icon button\'s image is not printed again under it, nor a nameless icon in something named; a picture with its own name is',
    `<button><img alt="Delete" width="8" height="8" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></button><a href="/p"><img alt="Photo of Ada" width="8" height="8" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="> Ada</a>
      <button aria-label="Undo"><svg width="8" height="8"></svg></button><a href="/t" aria-label="Built with Tiny">Built with <svg width="8" height="8"></svg></a>`,
    lines('- button "Delete" [ref=e1]', '- link "Photo of Ada Ada" [ref=e2]:', '  - /url: /p', '  - img "Photo of Ada"', '  - text: Ada',
      '- button "Undo" [ref=e3]', '- link "Built with Tiny" [ref=e4]:', '  - /url: /t', '  - text: Built with')],
  ['name from content is not repeated as text', '<button><span>Add</span> <b>item</b></button>', '- button "Add item" [ref=e1]'],
  ['heading around a link says the name once', '<h2><a href="/d">Docs</a></h2>',
    lines('- heading [level=2]:', '  - link "Docs" [ref=e1]:', '    - /url: /d')],
  ['YAML quoting', `<button>Note: "x"</button><button>It's: fine</button><p>123</p><p>- dash</p>`,
    lines(`- 'button "Note: \\"x\\"" [ref=e1]'`, `- 'button "It''s: fine" [ref=e2]'`, '- paragraph: "123"', '- paragraph: "- dash"')],

  // states
  ['checked and mixed', '<input type="checkbox" aria-label="A" checked><div role="checkbox" aria-checked="mixed" tabindex="0">All</div><input type="radio" aria-label="R" checked>',
    lines('- checkbox "A" [checked] [ref=e1]', '- checkbox "All" [checked=mixed] [ref=e2]', '- radio "R" [checked] [ref=e3]')],
  ['a toggle\'s state drawn as its text is said by its state alone (ARIA: children presentational)',
    '<div role="checkbox" aria-checked="true" aria-label="Accept terms" tabindex="0"><span>✓</span></div><div role="switch" aria-checked="false" aria-label="Wifi" tabindex="0">OFF</div>',
    lines('- checkbox "Accept terms" [checked] [ref=e1]', '- switch "Wifi" [ref=e2]')],
  ['a box with a pointer cursor around controls and their labels alone gives them the refs (MUI\'s Rating)',
    '<span style="cursor:pointer"><label for="s1">1 Star</label><input type="radio" id="s1" name="r"><label for="s2">2 Stars</label><input type="radio" id="s2" name="r"></span>',
    lines('- radio "1 Star" [ref=e1]', '- radio "2 Stars" [ref=e2]')],
  ['a small part of a control with a pointer cursor the control does not show takes clicks of its own, aria-hidden or not (MUI\'s Chip)',
    '<div role="button" tabindex="0" style="display:inline-flex;gap:4px;padding:4px 8px">React<svg aria-hidden="true" class="MuiChip-deleteIcon" style="cursor:pointer" width="16" height="16"><circle cx="8" cy="8" r="8"/></svg></div>'
    + '<button style="cursor:pointer">Save <svg aria-hidden="true" width="16" height="16"><circle cx="8" cy="8" r="8"/></svg></button>'
    + '<div role="button" tabindex="0" style="display:inline-flex;padding:4px 8px">Tag <span class="tag-remove" style="cursor:pointer;display:inline-block;width:12px;height:12px">x</span></div>',
    lines('- button "React" [ref=e1]:', '  - img [ref=e2] [cursor=pointer] [icon=delete]', '- button "Save" [ref=e3]', '- button "Tag x" [ref=e4]:', '  - text: Tag', '  - generic "x" [ref=e5] [cursor=pointer]')],
  ['a button or link drawn for screen readers alone gets no ref; a field so hidden, drawn by its label, keeps its',
    '<style>.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);margin:-1px}</style>'
    + '<div class="sr"><button style="width:1px;height:1px">Dismiss</button></div><a class="sr" href="#main">Skip to content</a>'
    + '<label><input type="radio" class="sr" name="s"> 1 Star</label><button>Save</button>',
    lines('- button "Dismiss"', '- link "Skip to content":', '  - /url: "#main"', '- radio "1 Star" [ref=e1]', '- button "Save" [ref=e2]')],
  ['a custom drop-down that marks the placeholder it shows prints it as one, not as a choice (Ark\'s, Radix\'s)',
    '<button role="combobox" aria-label="Framework" data-placeholder-shown=""><span>Select a Framework</span></button><button role="combobox" aria-label="Fruit">Apple</button>',
    lines('- combobox "Framework" [ref=e1]:', '  - /placeholder: Select a Framework', '- combobox "Fruit" [ref=e2]: Apple')],
  ['a focusable box with no role around one field gives the field the one ref (Naive UI\'s date picker)',
    '<div tabindex="0" style="display:flex"><input aria-label="Select Date" placeholder="Select Date"></div><div tabindex="0"><button>One</button><button>Two</button></div>',
    lines('- textbox "Select Date" [ref=e1]', '- generic [ref=e2]:', '  - button "One" [ref=e3]', '  - button "Two" [ref=e4]')],
  ['indeterminate checkbox', '<input type="checkbox" aria-label="Some" id="c">', '- checkbox "Some" [checked=mixed] [ref=e1]',
    async (page) => page.evaluate(() => { (document.getElementById('c') as HTMLInputElement).indeterminate = true; })],
  ['disabled controls have no ref', '<button disabled>Clear completed</button>', '- button "Clear completed" [disabled]'],
  ['fieldset disables its controls', '<fieldset disabled><legend>Ship</legend><input aria-label="Street"></fieldset>',
    lines('- group "Ship" [disabled]:', '  - textbox "Street" [disabled]')],
  ['aria-disabled is inherited', '<div aria-disabled="true"><div role="button" tabindex="0">Go</div></div>', '- button "Go" [disabled]'],
  ['expanded', '<button aria-expanded="true">Menu</button><button aria-expanded="false">Other</button>',
    lines('- button "Menu" [expanded] [ref=e1]', '- button "Other" [ref=e2]')],
  ['pressed', '<button aria-pressed="true">Bold</button><button aria-pressed="mixed">Mixed</button>',
    lines('- button "Bold" [pressed] [ref=e1]', '- button "Mixed" [pressed=mixed] [ref=e2]')],
  ['selected tab', '<div role="tablist"><div role="tab" aria-selected="true">A</div><div role="tab">B</div></div>',
    lines('- tablist:', '  - tab "A" [selected] [ref=e1]', '  - tab "B" [ref=e2]')],
  ['current page and step', '<nav aria-label="Pages"><a href="/1" aria-current="page">1</a> <a href="/2">2</a></nav><ol><li aria-current="step">Cart</li><li aria-current="yes">Pay</li><li aria-current="false">Done</li></ol>',
    lines('- navigation "Pages":', '  - link "1" [current=page] [ref=e1]:', '    - /url: /1', '  - link "2" [ref=e2]:', '    - /url: /2',
      '- list:', '  - listitem [current=step]: Cart', '  - listitem [current]: Pay', '  - listitem: Done')],
  ['active element', '<input aria-label="First"><input aria-label="Second" id="s">',
    lines('- textbox "First" [ref=e1]', '- textbox "Second" [active] [ref=e2]'),
    async (page) => page.focus('#s')],
  ['required and invalid', '<input aria-label="R" required><input aria-label="I" aria-invalid="true">',
    lines('- textbox "R" [required] [ref=e1]', '- textbox "I" [invalid] [ref=e2]')],

  // hiding rules
  ['hidden content is left out',
    '<p>shown</p><p style="display:none">dn</p><p style="visibility:hidden">vh</p><p hidden>attr</p><p aria-hidden="true">ah</p><div inert><button>inert</button></div>',
    '- paragraph: shown'],
  ['visible child of visibility:hidden', '<div style="visibility:hidden">gone <button style="visibility:visible">Back</button></div>',
    '- button "Back" [ref=e1]'],
  ['closed details shows only its summary, which toggles it', '<details><summary>More</summary><p>Secret</p></details>',
    lines('- group:', '  - generic "More" [ref=e1]')],
  ['content-visibility:hidden hides the content of boxes it can contain, not of inline elements',
    '<p>Shown <span style="content-visibility:hidden">inline</span> text</p><div style="content-visibility:hidden">Gone</div><div hidden="until-found">Found later</div>',
    '- paragraph: Shown inline text'],
  ['closed details hides its own text too', '<details>Loose text<summary>More</summary></details>',
    lines('- group:', '  - generic "More" [ref=e1]')],
  ['open details shows its content', '<details open><summary>More</summary><p>Body</p></details>',
    lines('- group:', '  - generic "More" [expanded] [ref=e1]', '  - paragraph: Body')],

  // aria-owns: the accessibility tree's parent, not the DOM's
  ['aria-owns moves a later element under its owner',
    '<div role="listbox" aria-label="Fruits" aria-owns="pear"><div role="option" aria-selected="true">Apple</div></div><p>between</p><div role="option" id="pear">Pear</div>',
    lines('- listbox "Fruits" [ref=e1]:', '  - option "Apple" [selected] [ref=e2]', '  - option "Pear" [ref=e3]', '- paragraph: between')],
  ['aria-owns moves an earlier element too, after the owner\'s own children',
    '<div role="option" id="first">First</div><div role="listbox" aria-label="L" aria-owns="first"><div role="option">Second</div></div>',
    lines('- listbox "L" [ref=e1]:', '  - option "Second" [ref=e2]', '  - option "First" [ref=e3]')],
  ['aria-owns never makes an element its own ancestor',
    '<div role="group" aria-label="Outer" id="outer"><div role="group" aria-label="Inner" aria-owns="outer"><button>Go</button></div></div>',
    lines('- group "Outer":', '  - group "Inner":', '    - button "Go" [ref=e1]')],
  ['aria-owns: the first owner in the page wins',
    '<div role="list" aria-label="One" aria-owns="x"></div><div role="list" aria-label="Two" aria-owns="x"></div><div role="listitem" id="x">Item</div>',
    lines('- list "One":', '  - listitem: Item', '- list "Two"')],
  ['aria-owns of a hidden owner leaves the element in place; a hidden owned element stays hidden',
    '<div role="list" hidden aria-owns="x"></div><div role="listitem" id="x">Item</div><div role="list" aria-label="L" aria-owns="h"></div><div role="listitem" id="h" style="display:none">Gone</div>',
    lines('- listitem: Item', '- list "L"')],
  ['aria-owns inside a shadow root', '<div id="host"></div>',
    // The listbox is an empty div: no box, so no ref of its own.
    lines('- listbox "S":', '  - option "Shadow opt" [ref=e1]', '- paragraph: mid'),
    async (page) => page.evaluate(() => {
      document.getElementById('host')!.attachShadow({ mode: 'open' }).innerHTML =
        '<div role="listbox" aria-label="S" aria-owns="so"></div><p>mid</p><div role="option" id="so">Shadow opt</div>';
    })],

  // text and generic wrappers
  ['inline text merges', '<p>Hello <b>bold</b> <span>world</span></p>', '- paragraph: Hello bold world'],
  ['block text stays apart', '<div><div>A</div><div>B</div></div>', lines('- text: A', '- text: B')],
  ['generic wrappers collapse', '<div><div><div><button>Deep</button></div></div></div>', '- button "Deep" [ref=e1]'],
  ['label text next to its control is not repeated', '<label><input type="checkbox"> Remember me</label><p>tail</p>',
    lines('- checkbox "Remember me" [ref=e1]', '- paragraph: tail')],

  // clickable non-semantic elements
  ['cursor:pointer div', '<div style="cursor:pointer">Item</div>', '- generic "Item" [ref=e1] [cursor=pointer]'],
  ['pointer inherited by children gives one ref', '<div style="cursor:pointer"><span>Item</span> <span>two</span></div>',
    '- generic "Item two" [ref=e1] [cursor=pointer]'],
  ['a card to drag (cursor:grab, its handlers on the board) gets a ref; its parts do not',
    '<div style="cursor:grab"><b>Write docs</b> <span>due Friday</span></div><div style="cursor:grab"><a href="/d">Details</a></div>',
    lines('- generic "Write docs due Friday" [ref=e1] [cursor=grab]', '- generic [ref=e2] [cursor=grab]:', '  - link "Details" [ref=e3]:', '    - /url: /d')],
  ['a combobox with a pointer cursor keeps its ref around the read-only textbox that shows its value (Select2)',
    '<span role="combobox" tabindex="0" style="cursor:pointer" aria-labelledby="v"><span role="textbox" aria-readonly="true" id="v">France</span></span>',
    lines('- combobox "France" [ref=e1]:', '  - textbox [ref=e2]: France')],
  ['the drawn track beside a hidden switch input, in one box (Element Plus), gives no second ref',
    '<label for="s">Notify</label><div><input type="checkbox" role="switch" id="s" style="position:absolute;opacity:0;width:0;height:0;margin:0"><span style="display:inline-block;width:40px;height:20px;cursor:pointer"></span></div>',
    '- switch "Notify" [ref=e1]'],
  ['a box with a pointer cursor around a combobox and what shows its choice (Ant Design\'s Select) gives the combobox the one ref',
    '<div style="cursor:pointer;width:200px"><input role="combobox" aria-label="Country"><span>Select a country</span></div>',
    lines('- combobox "Country" [ref=e1]', '- text: Select a country')],
  ['onclick and tabindex', '<div onclick="void 0">Row</div><span tabindex="0">Focusable</span>',
    lines('- generic "Row" [ref=e1]', '- generic "Focusable" [ref=e2]')],
  ['editing host gets a ref and says it is editable', '<div contenteditable="true" aria-label="Notes">draft</div>',
    '- generic "Notes" [editable] [ref=e1]: draft'],
  ['text with YAML specials is quoted', '<p>Price: 5 # approx</p><div>true</div><div>a "quoted" word</div>',
    lines('- paragraph: "Price: 5 # approx"', '- text: "true"', '- text: a "quoted" word')],
  ['a <pre> keeps its line breaks and indentation, pre-line its breaks; other text collapses as rendered',
    '<pre>def f():\n    return 1</pre><div style="white-space:pre-line">Line A\n   Line B</div><p>A wrapped\n   paragraph</p>',
    lines('- text: "def f():\\n    return 1"', '- text: "Line A\\nLine B"', '- paragraph: A wrapped paragraph')],
  ['a generic whose title or label only repeats what its text begins with says it once, as text; one that says more keeps its name',
    '<div aria-label="Save"><span title="Save">Save</span> <span>2 ms</span></div><div aria-label="Four stars">★★★★</div>',
    lines('- text: Save 2 ms', '- generic "Four stars": ★★★★')],
  ['an icon put before a button by CSS (content: url(data:…)) adds nothing to its name; its alternative text does',
    `<style>#copy::before { content: url("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' aria-label='Copy'/>") }
      #find::before { content: url("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>") / "Find" }</style>
      <button id="copy">Copy path</button><button id="find"></button>`,
    lines('- button "Copy path" [ref=e1]', '- button "Find" [ref=e2]')],
  ['a box styled as a <pre> keeps the breaks between its lines where they are text of their own (a test report\'s error view)',
    '<div style="white-space:pre"><span>  5 | a()</span><span>\n</span><span>&gt; 6 | b()</span>\n<span>    at x.js:6</span></div>',
    '- text: "  5 | a()\\n> 6 | b()\\n    at x.js:6"'],
  ['no ref without pointer events or box', '<button style="pointer-events:none">Ghost</button><button style="width:0;height:0;padding:0;border:0;overflow:hidden">Zero</button>',
    lines('- button "Ghost"', '- button "Zero"')],
];

test.describe('snapshot lines', () => {
  for (const [title, body, expected, setup] of cases) {
    test(title, async ({ page }) => {
      await load(page, body);
      if (setup) await setup(page);
      expect(await snapshot(page)).toBe(expected);
    });
  }
});

// Chrome extensions reach closed shadow roots through chrome.dom.openOrClosedShadowRoot.
// A plain page has no chrome.dom, so this stand-in records closed roots as they are
// attached and answers the same question; in the extension the real API does.
const CLOSED_ROOT_HOOK = () => {
  const roots = new WeakMap<Element, ShadowRoot>();
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attach.call(this, init);
    roots.set(this, root);
    return root;
  };
  (globalThis as unknown as { chrome: object }).chrome = {
    dom: { openOrClosedShadowRoot: (el: Element) => roots.get(el) ?? null },
  };
};

const SHADOW_PAGE = `<x-card id="open"><span slot="title">Slotted title</span><p>Light text</p></x-card>
  <x-secret id="closed"></x-secret>
  <script>
    customElements.define('x-card', class extends HTMLElement {
      constructor() {
        super();
        this.attachShadow({ mode: 'open' }).innerHTML =
          '<h2><slot name="title"></slot></h2><button>Open inside</button><slot></slot>';
      }
    });
    customElements.define('x-secret', class extends HTMLElement {
      constructor() {
        super();
        this.attachShadow({ mode: 'closed' }).innerHTML = '<input aria-label="Closed field"><a href="/c">Closed link</a>';
      }
    });
  </script>`;

test.describe('shadow DOM', () => {
  test('open roots and slotted content in composed order; closed roots without chrome.dom stay out', async ({ page }) => {
    await load(page, SHADOW_PAGE);
    expect(await snapshot(page)).toBe(lines(
      '- heading "Slotted title" [level=2]', '- button "Open inside" [ref=e1]', '- paragraph: Light text'));
  });

  test('closed roots through chrome.dom.openOrClosedShadowRoot', async ({ page }) => {
    await page.addInitScript(CLOSED_ROOT_HOOK);
    await load(page, SHADOW_PAGE);
    expect(await snapshot(page)).toBe(lines(
      '- heading "Slotted title" [level=2]', '- button "Open inside" [ref=e1]', '- paragraph: Light text',
      '- textbox "Closed field" [ref=e2]', '- link "Closed link" [ref=e3]:', '  - /url: /c'));
    expect(await page.evaluate(() => window.__snap.resolveRef('e2').getAttribute('aria-label'))).toBe('Closed field');
  });
});

// In agent tabs the service worker installs this tracker in the page's world through CDP;
// here it is an init script, before the page's own scripts as there.
async function trackHandlers(page: Page): Promise<void> {
  await page.addInitScript({ content: clickHandlerTrackerSource(CLICK_HANDLER_TRACKER) });
}

test.describe('click handlers set by page script', () => {
  test('the innermost element with a handler gets the ref; a role is kept', async ({ page }) => {
    await trackHandlers(page);
    await load(page, `<div id="outer"><div id="inner">Row</div></div><ul><li id="item">Item</li></ul>
      <script>
        for (const id of ['outer', 'inner']) document.getElementById(id).addEventListener('click', () => {});
        document.getElementById('item').addEventListener('mousedown', () => {});
      </script>`);
    expect(await snapshot(page)).toBe(lines('- generic "Row" [ref=e1]', '- list:', '  - listitem "Item" [ref=e2]'));
  });

  test('a handler on the label of a shown control gives the label no ref of its own (Vuetify listens on its labels)', async ({ page }) => {
    await trackHandlers(page);
    await load(page, `<input type="checkbox" id="c"><label for="c" id="l">I agree</label>
      <script>document.getElementById('l').addEventListener('click', () => {});</script>`);
    expect(await snapshot(page)).toBe('- checkbox "I agree" [ref=e1]');
  });

  test('a handler on an element that labels a shown control by aria-labelledby gives it no ref of its own (React Aria\'s Label)', async ({ page }) => {
    await trackHandlers(page);
    await load(page, `<span id="pet-label">Pet</span><button aria-labelledby="value pet-label"><span id="value">Dog</span></button>
      <span id="orphan">Hidden pet</span><button aria-labelledby="orphan" hidden>x</button>
      <span id="rating">Rating</span><div role="radiogroup" aria-labelledby="rating"><input type="radio" aria-label="1 star"></div>
      <script>for (const id of ['pet-label', 'orphan', 'rating']) document.getElementById(id).addEventListener('click', () => {});</script>`);
    expect(await snapshot(page)).toBe(lines('- text: Pet', '- button "Dog Pet" [ref=e1]: Dog', '- generic "Hidden pet" [ref=e2]', '- text: Rating', '- radiogroup "Rating":', '  - radio "1 star" [ref=e3]'));
  });

  test('a box with a pointer cursor around elements clickable by their handlers, and nothing else, gives them the refs (Naive UI\'s Rate)', async ({ page }) => {
    await trackHandlers(page);
    await load(page, `<div id="rate" style="cursor:pointer;display:flex">${'<div class="star" style="width:16px;height:16px"><svg width="16" height="16"></svg></div>'.repeat(3)}</div>
      <script>document.querySelectorAll('.star').forEach((star) => star.addEventListener('click', () => {}));</script>`);
    expect(await snapshot(page)).toBe(lines(...[1, 2, 3].flatMap((n) => [`- generic [ref=e${n}]:`, '  - img'])));
  });

  test('a handler on the track drawn for a hidden switch, in the box that holds both, gives it no ref of its own (Vuetify)', async ({ page }) => {
    await trackHandlers(page);
    await load(page, `<div><div id="track" style="display:inline-block;width:36px;height:14px;background:#ccc"></div>
      <div><input type="checkbox" id="s" aria-label="Notify me" style="position:absolute;opacity:0;width:0;height:0"></div></div>
      <label for="s">Notify me</label>
      <script>document.getElementById('track').addEventListener('click', () => {});</script>`);
    expect(await snapshot(page)).toBe('- checkbox "Notify me" [ref=e1]');
  });

  test('a container with a handler around its own controls prints as if it had none', async ({ page }) => {
    const body = `<p>Hello <span id="s">big <button>Go</button> world</span>!</p><div id="d"><a href="/x">X</a> and <a href="/y">Y</a></div>`;
    await load(page, body);
    const without = await snapshot(page);
    await trackHandlers(page);
    await load(page, `${body}<script>for (const id of ['s', 'd']) document.getElementById(id).addEventListener('click', () => {});</script>`);
    expect(await snapshot(page)).toBe(without);
  });

  test('a drop target keeps its ref with cards in it, which a container with a click handler would not', async ({ page }) => {
    await trackHandlers(page);
    await load(page, `<section id="done" aria-label="Done"><h2>Done</h2><div draggable="true" id="c" style="cursor:grab">Write spec</div></section>
      <script>
        document.getElementById('c').addEventListener('dragstart', () => {});
        const done = document.getElementById('done');
        done.addEventListener('click', () => {});
        done.addEventListener('dragover', (e) => e.preventDefault());
        done.addEventListener('drop', () => {});
      </script>`);
    expect(await snapshot(page)).toBe(lines('- region "Done" [ref=e1]:', '  - heading "Done" [level=2]', '  - generic "Write spec" [ref=e2] [cursor=grab]'));
  });
});
