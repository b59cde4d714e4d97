/**
 * browser_drag: HTML5 drag and drop, which Chromium hands over to us, and a
 * board whose cards follow the pointer (dnd-kit, SortableJS), whose columns
 * say nothing that earns them a ref and are named by role instead.
 */
import { expect, test, type Agent } from './fixtures.ts';
import { openPage } from './helpers/pages.ts';
import { refOf } from './helpers/refs.ts';

const open = (agent: Agent, route: string, body: string) => openPage(agent, route, body, 'Drag');
const text = (agent: Agent, selector: string) => agent.server.ok('browser_get', { what: 'text', selector }).then((r) => r.text);

test('drag and drop moves an item between two lists (HTML5 drag events); both ends have refs', async ({ agent }) => {
  const snap = await open(
    agent,
    '/dnd',
    `<ul id="todo" aria-label="Todo"><li draggable="true" id="task">Write tests</li></ul>
     <ul id="done" aria-label="Done" style="min-height:80px;border:1px solid"><li>Ship</li></ul>
     <script>
       document.getElementById('task').addEventListener('dragstart', (e) => e.dataTransfer.setData('text/plain', 'task'));
       const done = document.getElementById('done');
       done.addEventListener('dragover', (e) => e.preventDefault());
       done.addEventListener('drop', (e) => { e.preventDefault(); done.append(document.getElementById(e.dataTransfer.getData('text/plain'))); });
     </script>`,
  );
  // Nothing but draggable="true" and a drop listener says these two can be acted on.
  const dragged = await agent.server.ok('browser_drag', { from: refOf(snap, 'listitem "Write tests"'), to: refOf(snap, 'list "Done"') });
  expect(dragged.text).toContain('Dragged <li id="task">Write tests</li> → <ul id="done" aria-label="Done">');
  expect(await text(agent, '#done')).toContain('Write tests');
  expect(await text(agent, '#todo')).not.toContain('Write tests');
  // A drop zone set up in markup is one too.
  const markup = await open(agent, '/dnd-markup', `<p draggable="true" ondragstart="event.dataTransfer.setData('text', 'x')">Card</p>
    <div ondragover="event.preventDefault()" ondrop="this.textContent = 'dropped'; setTimeout(() => { note.textContent = 'Moved to the bin'; }, 150)" style="height:60px">Bin</div>
    <span role="status" id="note"></span>`);
  const binned = await agent.server.ok('browser_drag', { from: refOf(markup, 'paragraph'), to: refOf(markup, 'generic "Bin"') });
  expect(await text(agent, 'div')).toBe('dropped');
  // What the drop's handler said a moment later, on a timer it set: the drag waited for it.
  expect(binned.text).toContain('The page announced (status): "Moved to the bin"');
});

test('a board whose cards follow the pointer: a card is dragged onto a column named by role and name, and what the release says a moment later is reported', async ({ agent }) => {
  const snap = await open(agent, '/board', `<style>.col { display: inline-block; vertical-align: top; width: 200px; min-height: 200px; border: 1px solid }
      .card { padding: 10px; margin: 5px; background: #ddd; cursor: grab; touch-action: none }</style>
    <div class="col" id="todo" role="list" aria-label="Todo"><div class="card" role="listitem">Alpha</div><div class="card" role="listitem">Beta</div></div>
    <div class="col" id="done" role="list" aria-label="Done"></div>
    <script>
      // As pointer-based libraries do: a drag starts past a few pixels, the card follows, the drop goes where the pointer is let go.
      let drag = null;
      document.addEventListener('pointerdown', (e) => {
        const card = e.target.closest('.card');
        if (card) drag = { card, x: e.clientX, y: e.clientY, on: false };
      });
      document.addEventListener('pointermove', (e) => {
        if (!drag) return;
        const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
        if (!drag.on && Math.hypot(dx, dy) > 5) { drag.on = true; drag.card.style.pointerEvents = 'none'; }
        if (drag.on) drag.card.style.transform = 'translate(' + dx + 'px, ' + dy + 'px)';
      });
      document.addEventListener('pointerup', (e) => {
        if (!drag) return;
        const { card, on } = drag;
        drag = null;
        card.style.transform = card.style.pointerEvents = '';
        const column = on && document.elementFromPoint(e.clientX, e.clientY)?.closest('.col');
        if (!column) return;
        column.append(card);
        // Said a moment later, from a timer the release set.
        setTimeout(() => { note.textContent = card.textContent + ' moved to ' + column.getAttribute('aria-label'); }, 150);
      });
    </script><p role="status" id="note"></p>`);
  expect(snap).toMatch(/- list "Done"$/m);
  const dragged = await agent.server.ok('browser_drag', { from: refOf(snap, 'listitem "Beta"'), to: 'role=list[name="Done"]' });
  expect(dragged.text).toContain('Dragged <div class="card" role="listitem">Beta</div> → <div id="done" class="col" role="list" aria-label="Done"></div>');
  expect(dragged.text).toContain('The page announced (status): "Beta moved to Done"');
  expect(await text(agent, '#done')).toBe('Beta');
  expect(await text(agent, '#todo')).toBe('Alpha');
});

test('a list that animates the dropped card into its slot (as react-beautiful-dnd does) reorders and says so once the animation ends: the drag waits for it', async ({ agent }) => {
  const snap = await open(agent, '/drop-animation', `<style>li { height: 40px; margin: 4px; list-style: none; background: #ddd; cursor: grab }</style>
    <ul id="list"><li>Task A</li><li>Task B</li><li>Task C</li></ul><div aria-live="assertive" id="live"></div><p id="order"></p>
    <script>
      let drag = null;
      list.addEventListener('mousedown', (e) => { drag = { li: e.target.closest('li'), y: e.clientY }; });
      addEventListener('mousemove', (e) => { if (drag) drag.li.style.transform = 'translateY(' + (e.clientY - drag.y) + 'px)'; });
      addEventListener('mouseup', (e) => {
        const { li } = drag; drag = null;
        const others = [...list.children].filter((other) => other !== li);
        let to = others.findIndex((other) => e.clientY < other.getBoundingClientRect().top + 20);
        if (to < 0) to = others.length;
        // Glides back, then takes its new place; the list changes, and the move is said, when it is done.
        li.style.transition = 'transform 250ms';
        li.style.transform = 'translateY(0px)';
        li.addEventListener('transitionend', () => {
          li.style.transition = li.style.transform = '';
          list.insertBefore(li, others[to] ?? null);
          order.textContent = [...list.children].map((item) => item.textContent).join(', ');
          live.textContent = 'You have moved ' + li.textContent + ' to position ' + (to + 1);
        }, { once: true });
      });
    </script>`);
  const dragged = await agent.server.ok('browser_drag', { from: refOf(snap, 'listitem "Task A"'), to: refOf(snap, 'listitem "Task C"') });
  expect(dragged.text).toMatch(/The page announced \(alert\): "You have moved Task A to position \d"/);
  expect(await text(agent, '#order')).toMatch(/^Task B, (Task A, Task C|Task C, Task A)$/);
});

test('a sortable list whose items say only cursor: move (SortableJS makes them draggable on the press) gives them refs, and one is dragged onto another', async ({ agent }) => {
  const snap = await open(
    agent,
    '/sortable',
    `<style>li { cursor: move; padding: 6px; list-style: none }</style>
     <ul id="list"><li>Alpha</li><li>Bravo</li><li>Charlie</li></ul>
     <script>
       let dragged;
       list.addEventListener('mousedown', (e) => { const li = e.target.closest('li'); if (li) li.draggable = true; });
       list.addEventListener('dragstart', (e) => { dragged = e.target; e.dataTransfer.setData('text/plain', ''); });
       list.addEventListener('dragover', (e) => e.preventDefault());
       list.addEventListener('drop', (e) => { e.preventDefault(); e.target.closest('li').after(dragged); });
     </script>`,
  );
  expect(snap).toMatch(/^ {2}- listitem "Alpha" \[ref=e\d+\] \[cursor=move\]$/m);
  await agent.server.ok('browser_drag', { from: refOf(snap, 'listitem "Alpha"'), to: refOf(snap, 'listitem "Charlie"') });
  expect(await text(agent, '#list')).toMatch(/^Bravo\s+Charlie\s+Alpha$/);
});

// dnd-kit: a status region rewritten as the dragged item passes over each other one, and said again as it drops;
// Space and the arrows drag it by keys, each saying where it is.
const SAID_AS_IT_GOES = `<style>li { padding: 10px; margin: 4px; list-style: none; background: #ddd; touch-action: none }</style>
  <ul id="list"><li role="button" tabindex="0">Apples</li><li role="button" tabindex="0">Bread</li><li role="button" tabindex="0">Cheese</li></ul>
  <div role="status" id="live"></div>
  <script>
    let drag = null, over = null;
    const say = (text) => { live.textContent = text; };
    list.addEventListener('pointerdown', (e) => { drag = e.target.closest('li'); say('Picked up ' + drag.textContent + '.'); });
    addEventListener('pointermove', (e) => {
      const li = drag && document.elementFromPoint(e.clientX, e.clientY)?.closest('li');
      if (li && li !== over) { over = li; say(drag.textContent + ' is over ' + li.textContent + '.'); }
    });
    addEventListener('pointerup', () => { if (drag && over) { over.after(drag); say(drag.textContent + ' was dropped over ' + over.textContent + '.'); } drag = over = null; });
    list.addEventListener('keydown', (e) => {
      const li = e.target;
      if (e.key === ' ' && !drag) { e.preventDefault(); drag = li; say('Picked up ' + li.textContent + '.'); }
      else if (e.key === ' ' && drag) { e.preventDefault(); say(drag.textContent + ' was dropped.'); drag = null; }
      else if (e.key === 'ArrowUp' && drag?.previousElementSibling) { e.preventDefault(); drag.previousElementSibling.before(drag); drag.focus(); say(drag.textContent + ' moved up.'); }
    });
  </script>`;

test('what a status region said as the drag went, and said otherwise at the next move, is not told; where it dropped is, and each key of a drag by keys', async ({ agent }) => {
  const snap = await open(agent, '/said-as-it-goes', SAID_AS_IT_GOES);
  const dragged = await agent.server.ok('browser_drag', { from: refOf(snap, 'button "Apples"'), to: refOf(snap, 'button "Cheese"') });
  expect(dragged.text).toContain('The page announced (status): "Apples was dropped over Cheese."');
  expect(dragged.text).not.toContain('is over');
  expect(await text(agent, '#list')).toMatch(/^Bread\s+Cheese\s+Apples$/);
  // The region said five things in that moment: not a region that ticks, whose news the keys would not tell.
  expect((await agent.server.ok('browser_press_key', { key: ' ', ref: refOf(snap, 'button "Cheese"') })).text).toContain('The page announced (status): "Picked up Cheese."');
  expect((await agent.server.ok('browser_press_key', { key: 'ArrowUp' })).text).toContain('The page announced (status): "Cheese moved up."');
  expect((await agent.server.ok('browser_press_key', { key: ' ' })).text).toContain('The page announced (status): "Cheese was dropped."');
});
