// The one script inside the prerendered pages (/, /home, /courses; scripts/vite-prerender.mjs). The server allows
// exactly this text by its hash in the pages' Content-Security-Policy (server/web/webPlugin.ts): no other inline script
// can run. Plain ES2020, sent as it is (not built), so written compactly; tests/app/shellBoot.test.tsx runs it.
//
// 1. It starts the app's scripts once the page's first contentful paint has happened, so that paint, the page's
//    largest, never waits for them (a browser that has the scripts before the HTML is parsed otherwise runs them
//    first). The first paint alone is not enough: headless Chromium here recorded it 100-350 ms before the first
//    contentful one in 18 loads of 24. Its element carries the addresses: `data-app`, the entry module, and
//    `data-preload`, the page's modules. Without paint timing, or in a tab in the background (no paint comes), it
//    starts them after 300 ms; with paint timing it waits for the paint (a slow device may take longer than 300 ms
//    to paint), at most 3 s.
// 2. The shell's fields stay usable meanwhile: a form sent from the shell is held (not sent by the browser, which
//    would leave the page). From when the app starts rendering (src/main.tsx dispatches SHELL_REPLACE on the
//    document; the app renders in slices, so the shell stays usable a while longer) what the visitor types or
//    chooses in the shell, and where the focus and caret are, is noted. Once the app has replaced the shell and run
//    its first effects (SHELL_REPLACED; an effect such as a field taking its value from the address would otherwise
//    undo it), that and the forms sent are given to the app's fields of the same name (name, placeholder or label;
//    forms by their label) as if typed there (the focus and caret a task later, once the app has drawn the text),
//    and the forms are sent through the app. What happens as React removes the shell is not noted (Chromium then
//    sends the focused field a change and a focusout, the focus already gone): an event counts only if its field
//    is still in the page a microtask later.
export const SHELL_REPLACE = 'shell-replace'
export const SHELL_REPLACED = 'shell-replaced'

export const SHELL_BOOT_SCRIPT =
  '(()=>{const d=document,s=d.querySelector("script[data-app]"),r=d.getElementById("root");let done=0;' +
  'const go=()=>{if(done)return;done=1;' +
  'for(const h of (s.dataset.preload||"").split(" ").filter(Boolean)){const l=d.createElement("link");' +
  'l.rel="modulepreload";l.crossOrigin="";l.href=h;d.head.append(l)}' +
  'const m=d.createElement("script");m.type="module";m.crossOrigin="";m.src=s.dataset.app;d.head.append(m)};' +
  'let paint=0;try{new PerformanceObserver((l,o)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go)}}).observe({type:"paint",buffered:true});' +
  'paint=PerformanceObserver.supportedEntryTypes.includes("paint")}catch{}' +
  'setTimeout(go,paint&&d.visibilityState=="visible"?3e3:300);' +
  'const F="input,select,textarea",shell=new Set(r.querySelectorAll(F+",form")),sent=new Set();' +
  'const key=f=>{const n=f.getAttribute(f.localName=="form"?"aria-label":"name")||f.getAttribute("placeholder")||' +
  '(f.labels&&f.labels[0]?f.labels[0].textContent.trim():"")||f.getAttribute("aria-label");return n?f.localName+"|"+n:""};' +
  'const changed=f=>f.localName=="select"?[...f.options].some(o=>o.selected!=o.defaultSelected):f.value!=f.defaultValue;' +
  'd.addEventListener("submit",e=>{if(shell.has(e.target)){e.preventDefault();sent.add(key(e.target))}},true);' +
  'd.addEventListener("' +
  SHELL_REPLACE +
  '",()=>{let want;const note=e=>{if(e&&!(shell.has(e.target)&&e.target.isConnected))return;const a=d.activeElement;want=new Map();' +
  'for(const f of shell){const k=key(f),focus=f==a;if(!k||f.localName=="form"||!(focus||changed(f)))continue;' +
  'want.set(k,{value:changed(f)?f.value:null,focus,sel:focus&&f.selectionStart!=null?[f.selectionStart,f.selectionEnd]:null})}};' +
  'const later=e=>queueMicrotask(()=>note(e)),E=["input","change","focusin","focusout","keyup","mouseup","select"];' +
  'note();for(const t of E)d.addEventListener(t,later,true);' +
  'd.addEventListener("' +
  SHELL_REPLACED +
  '",()=>{for(const t of E)d.removeEventListener(t,later,true);' +
  'const put=()=>{for(const f of r.querySelectorAll(F)){const k=key(f),w=!shell.has(f)&&want.get(k);if(!w)continue;' +
  'want.delete(k);if(w.value!==null&&f.value!==w.value){Reflect.set(Object.getPrototypeOf(f),"value",w.value,f);' +
  'f.dispatchEvent(new Event(f.localName=="select"?"change":"input",{bubbles:true}))}' +
  'if(w.focus)setTimeout(()=>{f.focus();if(w.sel)try{f.setSelectionRange(...w.sel)}catch{}})}' +
  'for(const f of r.querySelectorAll("form")){const k=key(f);if(!shell.has(f)&&sent.has(k)){sent.delete(k);setTimeout(()=>f.requestSubmit())}}' +
  'if(!want.size&&!sent.size)o.disconnect()};' +
  'const o=new MutationObserver(put);o.observe(r,{childList:true,subtree:true});setTimeout(()=>o.disconnect(),1e4);put()},{once:true})},{once:true})})()'
