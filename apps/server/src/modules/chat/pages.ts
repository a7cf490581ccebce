import { phoneCallMarkup, phoneCallScript } from '../calls/index.ts';
/**
 * The public chat page (/chat/{username}), its embeddable widget (/widget.js) and the phone simulator
 * (/dev/phone): small server-rendered pages with plain scripts, so an embed costs a few kilobytes and
 * no app bundle.
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const baseCss = `
*{box-sizing:border-box}body{margin:0;font:15px/1.45 Inter,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f1f5f9}
.wrap{display:flex;flex-direction:column;height:100dvh;max-width:720px;margin:0 auto;background:#fff;box-shadow:0 0 0 1px #e2e8f0}
header{display:flex;align-items:center;gap:12px;padding:14px 16px;border-bottom:1px solid #e2e8f0}
.avatar{width:40px;height:40px;border-radius:50%;background:#4f46e5;color:#fff;display:grid;place-items:center;font-weight:600;flex:none}
h1{font-size:16px;margin:0}.sub{font-size:13px;color:#64748b;margin:0}
.log{flex:1;overflow-y:auto;padding:16px;display:flex;flex-direction:column;gap:8px}
.msg{max-width:78%;padding:9px 13px;border-radius:16px;white-space:pre-wrap;word-wrap:break-word}
.in{align-self:flex-start;background:#f1f5f9;border-bottom-left-radius:4px}
.out{align-self:flex-end;background:#4f46e5;color:#fff;border-bottom-right-radius:4px}
.meta{font-size:11px;margin-top:2px;color:#475569}.out .meta{color:#e0e7ff}
.typing{font-size:13px;color:#64748b;padding:0 16px 6px;min-height:20px}
form{display:flex;gap:8px;padding:12px;border-top:1px solid #e2e8f0}
input,textarea,select{flex:1;font:inherit;padding:10px 12px;border:1px solid #cbd5e1;border-radius:10px;outline-color:#4f46e5}
button{font:inherit;font-weight:600;padding:10px 16px;border:0;border-radius:10px;background:#4f46e5;color:#fff;cursor:pointer}
button:disabled{opacity:.5;cursor:default}
.empty{margin:auto;text-align:center;color:#64748b;max-width:320px}
.att{display:block;margin-top:6px;color:inherit;text-decoration:underline;word-break:break-all}.att img{display:block;max-width:100%;max-height:240px;border-radius:10px}
.rx{display:flex;gap:4px;margin-top:4px}.rx span{font-size:13px;background:#fff;border:1px solid #e2e8f0;border-radius:999px;padding:0 6px;color:#0f172a}
.err{color:#b91c1c;font-size:13px;padding:0 16px}
`;

export function chatPage(p: { username: string; displayName: string; embed: boolean }): string {
  const initials = p.displayName
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .filter((_, i, a) => i === 0 || i === a.length - 1)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Chat with ${esc(p.displayName)}</title><style>${baseCss}${p.embed ? '.wrap{max-width:none;box-shadow:none}' : ''}</style></head>
<body><main class="wrap" data-username="${esc(p.username)}">
<header><div class="avatar" aria-hidden="true">${esc(initials || '?')}</div><div><h1>${esc(p.displayName)}</h1><p class="sub" id="status">Connecting…</p></div></header>
<section class="log" id="log" aria-live="polite" aria-label="Conversation"><p class="empty" id="empty">Say hello: ${esc(p.displayName)} usually answers at once.</p></section>
<div class="typing" id="typing"></div><p class="err" id="err" role="alert"></p>
<form id="form"><label for="text" style="position:absolute;left:-9999px">Message</label><input id="text" name="text" autocomplete="off" placeholder="Write a message…" maxlength="5000" required><button id="send">Send</button></form>
</main><script>${chatScript}</script></body></html>`;
}

const chatScript = `
(function(){
  var main=document.querySelector('main'), username=main.dataset.username;
  var log=document.getElementById('log'), form=document.getElementById('form'), text=document.getElementById('text');
  var statusEl=document.getElementById('status'), typingEl=document.getElementById('typing'), errEl=document.getElementById('err');
  var KEY='tempUser', seen={}, roomId=null, lastEventId=0, ws=null, retry=0, typingTimer=null;
  // A browser may deny storage to a page framed by another site: the session then lives in memory.
  var memory=null;
  function session(){ try{return JSON.parse(localStorage.getItem(KEY)||'null')}catch(e){return memory} }
  async function ensureSession(force){
    var s=session(); if(s&&s.token&&!force) return s;
    var r=await fetch('/api/v1/allocateTempUserSession'); if(!r.ok) throw new Error('Error fetching temp user session');
    var b=await r.json(); s={id:b.id,token:b.token}; memory=s; try{localStorage.setItem(KEY,JSON.stringify(s))}catch(e){} return s;
  }
  function fmt(t){ return new Date(t).toLocaleTimeString([], {hour:'numeric',minute:'2-digit'}); }
  function render(m){
    if(m.blocked || (m.sender && m.sender.kind==='system')) return; // agent actions are for staff
    var el=seen[m.id];
    if(!el){ el=document.createElement('div'); seen[m.id]=el; el.dataset.id=m.id;
      var empty=document.getElementById('empty'); if(empty) empty.remove();
      var kids=log.children, i=kids.length; while(i>0 && Number(kids[i-1].dataset.id)>m.id) i--;
      log.insertBefore(el, kids[i]||null); }
    var mine=m.direction==='inbound';
    el.className='msg '+(mine?'out':'in'); el.setAttribute('data-status', m.status);
    el.textContent=m.body;
    // Attachments (uploaded files or http(s) links, checked when sent): images inline, others as links.
    (m.attachments||[]).forEach(function(a){ if(!/^(https?:\\/\\/|\\/files\\/)/.test(a.url)) return;
      var link=document.createElement('a'); link.href=a.url; link.target='_blank'; link.rel='noopener'; link.className='att';
      if(/^image\\//.test(a.type)){ var img=document.createElement('img'); img.src=a.url; img.alt=a.name||'Image'; link.appendChild(img); }
      else link.textContent=a.name||'Attachment';
      el.appendChild(link); });
    // Reactions, one chip per emoji with its count.
    var counts={}; (m.reactions||[]).forEach(function(r){ counts[r.reaction]=(counts[r.reaction]||0)+1; });
    var keys=Object.keys(counts); if(keys.length){ var rx=document.createElement('div'); rx.className='rx';
      keys.forEach(function(k){ var c=document.createElement('span'); c.textContent=k+(counts[k]>1?' '+counts[k]:''); c.setAttribute('aria-label', 'Reaction '+k+(counts[k]>1?' ×'+counts[k]:'')); rx.appendChild(c); });
      el.appendChild(rx); }
    var meta=document.createElement('div'); meta.className='meta'; meta.textContent=fmt(m.createdAt)+(mine?'':' · '+(m.sender.kind==='agent'?'AI agent':'Team'));
    el.appendChild(meta);
    log.scrollTop=log.scrollHeight;
  }
  async function api(path, opts){
    var s=await ensureSession(false);
    var url=path+(path.indexOf('?')<0?'?':'&')+'token='+encodeURIComponent(s.token);
    var r=await fetch(url, opts);
    if(r.status===401){ await ensureSession(true); return api(path, opts); }
    var b=await r.json(); if(!r.ok) throw new Error(b.message||'Something went wrong.'); return b;
  }
  async function load(){
    var b=await api('/api/v1/messages/'+encodeURIComponent(username)+'?public=true');
    roomId=b.roomId; (b.messages||[]).forEach(render);
  }
  function connect(){
    var s=session(); if(!s) return;
    var proto=location.protocol==='https:'?'wss':'ws';
    ws=new WebSocket(proto+'://'+location.host+'/api/v1/ws?token='+encodeURIComponent(s.token)+(lastEventId?'&since='+lastEventId:''));
    ws.onmessage=function(ev){ var e=JSON.parse(ev.data);
      if(e.type==='ready'){ statusEl.textContent='Online'; retry=0; return; }
      if(e.type==='reset'){ lastEventId=e.id; load().catch(function(){}); return; }
      if(e.id){ if(e.id<=lastEventId) return; lastEventId=e.id; }
      var p=e.payload||{}; if(roomId && p.roomId && p.roomId!==roomId) return;
      if((e.type==='message.created'||e.type==='message.updated') && p.message){ if(!roomId) roomId=p.roomId; render(p.message); if(p.message.direction==='outbound') typingEl.textContent=''; }
      if(e.type==='typing' && p.who!=='contact'){ typingEl.textContent=(p.who==='agent'?'The AI agent':'Someone')+' is typing…'; clearTimeout(typingTimer); typingTimer=setTimeout(function(){typingEl.textContent=''},4000); }
    };
    ws.onclose=function(ev){ statusEl.textContent='Reconnecting…'; setTimeout(connect, ev.code===4429?30000:Math.min(10000, 500*Math.pow(2,retry++))); };
  }
  form.addEventListener('submit', async function(ev){ ev.preventDefault(); var body=text.value.trim(); if(!body) return;
    errEl.textContent=''; text.value=''; document.getElementById('send').disabled=true;
    try{ var b=await api('/api/v1/messages',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({to:username,body:body,idempotencyKey:String(Date.now())+Math.random().toString(36).slice(2)})});
      roomId=b.roomId; render(b.message);
    }catch(e){ errEl.textContent=e.message; text.value=body; }
    finally{ document.getElementById('send').disabled=false; text.focus(); }
  });
  var lastTyping=0; text.addEventListener('input', function(){ if(!roomId||!ws||ws.readyState!==1) return; var n=Date.now(); if(n-lastTyping>3000){ lastTyping=n; ws.send(JSON.stringify({type:'typing',roomId:roomId})); } });
  ensureSession(false).then(load).then(connect).catch(function(e){ errEl.textContent=e.message; statusEl.textContent='Offline'; });
})();`;

/** The embeddable widget: <script src="https://host/widget.js" data-username="acme"></script>. */
/** /chat/<unknown>: the same look as the chat page, saying in words that no one chats under that name. */
export function chatNotFoundPage(username: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Chat not found</title><style>${baseCss}.card{margin:auto;max-width:400px;padding:32px 24px;text-align:center}.card p{color:#475569}.card a{color:#4338ca;font-weight:600}</style></head>
<body><main class="wrap"><div class="card" data-chat-not-found>
<div class="avatar" aria-hidden="true" style="margin:0 auto 16px;background:#e2e8f0;color:#475569">?</div>
<h1>No one chats under “${esc(username)}”</h1>
<p>The link may be mistyped, or the business changed its chat address. Ask them for their current link.</p>
<p><a href="/">Go to the home page</a></p>
</div></main></body></html>`;
}

export function widgetScript(publicUrl: string): string {
  return `(function(){
  var me=document.currentScript; var user=me&&me.getAttribute('data-username'); if(!user) return;
  var base=${JSON.stringify(publicUrl)}; try{ base=new URL(me.src).origin }catch(e){}
  var color=me.getAttribute('data-color')||'#4f46e5';
  var btn=document.createElement('button'); btn.type='button'; btn.setAttribute('aria-label','Open chat');
  btn.style.cssText='position:fixed;right:20px;bottom:20px;width:56px;height:56px;border-radius:50%;border:0;background:'+color+';color:#fff;display:grid;place-items:center;box-shadow:0 6px 20px rgba(0,0,0,.2);cursor:pointer;z-index:2147483646';
  btn.innerHTML='<svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/></svg>';
  var frame=null;
  btn.onclick=function(){
    if(!frame){ frame=document.createElement('iframe'); frame.title='Chat'; frame.src=base+'/chat/'+encodeURIComponent(user)+'?embed=1';
      frame.style.cssText='position:fixed;right:20px;bottom:88px;width:min(380px,calc(100vw - 40px));height:min(560px,calc(100vh - 120px));border:0;border-radius:16px;box-shadow:0 12px 40px rgba(0,0,0,.25);z-index:2147483647;background:#fff';
      document.body.appendChild(frame); return; }
    frame.style.display=frame.style.display==='none'?'block':'none';
  };
  document.body.appendChild(btn);
})();`;
}

export function phonePage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Phone simulator</title><style>${baseCss}.bar{display:flex;gap:8px;padding:12px;border-bottom:1px solid #e2e8f0;flex-wrap:wrap}.bar label{font-size:12px;color:#64748b;display:flex;flex-direction:column;gap:4px;flex:1;min-width:150px}</style></head>
<body><main class="wrap">
<header><div class="avatar" aria-hidden="true"><svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><rect x="6" y="2" width="12" height="20" rx="2"/><path d="M11 18h2"/></svg></div><div><h1>Phone simulator</h1><p class="sub">Text any number of the simulated carrier and see replies live.</p></div></header>
<div class="bar"><label>Your phone<input id="me" inputmode="tel"></label><label>To<select id="to"></select></label></div>
${phoneCallMarkup}
<section class="log" id="log" aria-live="polite" aria-label="Messages"><p class="empty" id="empty">No messages yet.</p></section>
<p class="err" id="err" role="alert"></p>
<form id="form"><label for="text" style="position:absolute;left:-9999px">Message</label><input id="text" autocomplete="off" placeholder="Text message" maxlength="1600" required><button>Send</button></form>
</main><script>${phoneScript}</script><script>${phoneCallScript}</script></body></html>`;
}

const phoneScript = `
(function(){
  var me=document.getElementById('me'), to=document.getElementById('to'), log=document.getElementById('log'), err=document.getElementById('err');
  me.value=localStorage.getItem('devPhone')||('+1206555'+String(300+Math.floor(Math.random()*600)).padStart(4,'0'));
  localStorage.setItem('devPhone', me.value);
  me.addEventListener('change', function(){ localStorage.setItem('devPhone', me.value.trim()); refresh(); });
  var wanted=new URLSearchParams(location.search).get('to');
  fetch('/api/dev/carrier/numbers').then(function(r){return r.json()}).then(function(b){
    (b.numbers||[]).forEach(function(n){ var o=document.createElement('option'); o.value=n.number; o.textContent=n.number+' · '+(n.name||n.username); to.appendChild(o); });
    if(wanted){ if(![].some.call(to.options,function(o){return o.value===wanted})){ var o=document.createElement('option'); o.value=wanted; o.textContent=wanted; to.appendChild(o);} to.value=wanted; }
    if(!to.options.length){ err.textContent='No organization has a number yet.'; }
    refresh();
  });
  to.addEventListener('change', refresh);
  var shown='';
  async function refresh(){
    var r=await fetch('/api/dev/carrier/messages?number='+encodeURIComponent(me.value.trim()));
    var b=await r.json(); if(!r.ok) { err.textContent=b.message; return; }
    var list=(b.messages||[]).filter(function(m){ return !to.value || m.from===to.value || m.to===to.value; }).reverse();
    var key=JSON.stringify(list.map(function(m){return m.sid+m.status})); if(key===shown) return; shown=key;
    log.innerHTML=''; if(!list.length){ log.innerHTML='<p class="empty">No messages yet.</p>'; return; }
    list.forEach(function(m){ var d=document.createElement('div'); var mine=m.direction==='inbound';
      d.className='msg '+(mine?'out':'in'); d.textContent=m.body; d.setAttribute('data-direction', mine?'sent':'received');
      var meta=document.createElement('div'); meta.className='meta'; meta.textContent=new Date(m.createdAt).toLocaleTimeString()+(mine?'':' · from '+m.from); d.appendChild(meta); log.appendChild(d); });
    log.scrollTop=log.scrollHeight;
  }
  setInterval(refresh, 1000);
  document.getElementById('form').addEventListener('submit', async function(ev){ ev.preventDefault(); err.textContent='';
    var text=document.getElementById('text'); var body=text.value.trim(); if(!body) return;
    var r=await fetch('/api/dev/carrier/inbound',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({from:me.value.trim(),to:to.value,body:body})});
    var b=await r.json(); if(!r.ok){ err.textContent=b.message; return; } text.value=''; refresh(); });
})();
`;

/** The pages' inline scripts, exactly as sent: the Content-Security-Policy allows them by hash. */
export const PAGE_SCRIPTS = [chatScript, phoneScript, phoneCallScript];
