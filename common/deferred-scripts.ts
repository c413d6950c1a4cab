/**
 * A server-rendered page carries its content in the HTML; its scripts only hydrate it. They wait in an
 * inert <template> in the head and are moved into the head once the browser has painted the content,
 * so on a slow phone the HTML, its CSS and its images get the link and the CPU first (issue #8: mobile
 * LCP ≤ 2 s under Lighthouse's slow 4G and 4x slower CPU). The scripts themselves are the build's, with
 * their modulepreloads, in the order the build wrote them.
 */

/** The id of the <template> that holds a rendered page's script and modulepreload tags. */
export const DEFERRED_SCRIPTS_ID = 'vtf-deferred-scripts';

/**
 * How many of the template's tags go into the head in one task. Each starts its request from the page's
 * main thread, 2–6 ms apiece here and four times that on the slow phone Lighthouse emulates; a page has up
 * to 40 (its chunks' modulepreloads), which in one task blocked a tap for 280 ms there.
 */
export const DEFERRED_TAGS_PER_TASK = 2;

/**
 * Moves the template's tags into the head after the first contentful paint, a few per task in the
 * template's order. A hidden tab never paints, so it loads them as soon as the document is parsed; a
 * browser without paint timing, after the first frame. Allowed by the CSP through its hash
 * (app.setup.ts), never by 'unsafe-inline'.
 */
export const DEFERRED_SCRIPTS_LOADER =
  `(function(){var d=document,w=window,done=false;` +
  `function load(){var t=d.getElementById(${JSON.stringify(DEFERRED_SCRIPTS_ID)});if(done||!t)return;done=true;` +
  `var q=[].slice.call(t.content.querySelectorAll('link,script'));` +
  `(function step(){q.splice(0,${DEFERRED_TAGS_PER_TASK}).forEach(function(n){var e=d.createElement(n.localName);` +
  `for(var i=0;i<n.attributes.length;i++)e.setAttribute(n.attributes[i].name,n.attributes[i].value);d.head.appendChild(e)});` +
  `if(q.length)setTimeout(step)})()}` +
  `function parsed(){if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',load);else load()}` +
  `if(d.visibilityState==='hidden'){parsed();return}` +
  `var P=w.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){` +
  `var o=new P(function(l){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();parsed()}});` +
  `o.observe({type:'paint',buffered:true})}else w.requestAnimationFrame(function(){setTimeout(parsed)})})()`;
