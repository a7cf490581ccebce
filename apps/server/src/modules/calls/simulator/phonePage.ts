/**
 * The phone simulator's calling (GET /dev/phone, served by the chat module's page): **Call** rings the
 * chosen number through the simulated carrier (POST /api/dev/carrier/call) and streams the browser's
 * microphone (echo cancellation on) over the media WebSocket in the Twilio Media Streams protocol, exactly
 * as a phone on Twilio would; the agent's audio plays through the speaker; the keypad sends `dtmf`.
 */
export const phoneCallMarkup = `<section class="bar" aria-label="Call"><button type="button" id="call" style="align-self:center;min-width:96px;height:44px">Call</button><span id="callStatus" role="status" style="align-self:center;font-size:13px;color:#475569">Not on a call</span>
<div id="keypad" role="group" aria-label="Keypad" style="display:grid;grid-template-columns:repeat(3,44px);gap:6px">${'123456789*0#'
  .split('')
  .map((k) => `<button type="button" data-key="${k}" aria-label="Key ${k}" disabled>${k}</button>`)
  .join('')}</div></section>`;

/** The AudioWorklet that hands microphone blocks to the page (served at /dev/phone/capture.js: worklets load from 'self'). */
export const phoneCaptureWorklet = `class PhoneCapture extends AudioWorkletProcessor {
  process(inputs) { const c = inputs[0] && inputs[0][0]; if (c) this.port.postMessage(c.slice(0)); return true; }
}
registerProcessor('phone-capture', PhoneCapture);
`;

export const phoneCallScript = `
(function(){
  var btn=document.getElementById('call'), status=document.getElementById('callStatus'), keys=document.querySelectorAll('#keypad button');
  var ws=null, ctx=null, mic=null, pending=[], playAt=0, playing=[], sid='', on=false;
  function say(t){ status.textContent=t; }
  function enc(s){ var sign=(s>>8)&0x80; if(sign) s=-s; if(s>32635) s=32635; s+=0x84; var e=7; for(var m=0x4000;(s&m)===0&&e>0;m>>=1) e--; var mant=(s>>(e+3))&0x0f; return ~(sign|(e<<4)|mant)&0xff; }
  function dec(u){ u=~u&0xff; var sign=u&0x80, e=(u>>4)&7, m=u&0x0f; var s=((m<<3)+0x84)<<e; s-=0x84; return sign?-s:s; }
  function send(m){ if(ws&&ws.readyState===1){ m.streamSid=sid; ws.send(JSON.stringify(m)); } }
  function captured(block){
    var step=ctx.sampleRate/8000, n=Math.floor(block.length/step);
    for(var i=0;i<n;i++){ var a=Math.floor(i*step), b=Math.min(block.length,Math.floor((i+1)*step)), sum=0; for(var j=a;j<b;j++) sum+=block[j]; pending.push(enc(Math.max(-32768,Math.min(32767,Math.round((b>a?sum/(b-a):0)*32767))))); }
    while(pending.length>=160){ var f=pending.splice(0,160), bin=''; for(var k=0;k<160;k++) bin+=String.fromCharCode(f[k]); send({event:'media',media:{track:'inbound',payload:btoa(bin)}}); }
  }
  function play(payload){
    var bin=atob(payload), rate=ctx.sampleRate, n=Math.round(bin.length*rate/8000), buf=ctx.createBuffer(1,n,rate), out=buf.getChannelData(0);
    for(var i=0;i<n;i++){ out[i]=dec(bin.charCodeAt(Math.min(bin.length-1,Math.floor(i*8000/rate))))/32768; }
    var node=ctx.createBufferSource(); node.buffer=buf; node.connect(ctx.destination);
    playAt=Math.max(playAt,ctx.currentTime+0.05); node.start(playAt); playAt+=buf.duration; playing.push(node);
  }
  function flush(){ playing.forEach(function(n){ try{n.stop()}catch(e){} }); playing=[]; playAt=0; }
  function end(text){
    if(!on) return; on=false; send({event:'stop'}); if(ws) ws.close(); ws=null;
    if(mic) mic.getTracks().forEach(function(t){t.stop()}); if(ctx) ctx.close(); ctx=null;
    btn.textContent='Call'; btn.style.background=''; keys.forEach(function(k){k.disabled=true}); say(text||'Call ended');
  }
  async function start(){
    var me=document.getElementById('me').value.trim(), to=document.getElementById('to').value;
    say('Calling '+to+'…');
    var r=await fetch('/api/dev/carrier/call',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({from:me,to:to})});
    var b=await r.json(); if(!r.ok){ say(b.message||'The call could not be placed.'); return; }
    try{ mic=await navigator.mediaDevices.getUserMedia({audio:{echoCancellation:true,noiseSuppression:true,autoGainControl:true}}); }
    catch(e){ say('The microphone is not available: allow this page to use it, then call again.'); return; }
    ctx=new AudioContext(); await ctx.audioWorklet.addModule('/dev/phone/capture.js');
    var node=new AudioWorkletNode(ctx,'phone-capture'); ctx.createMediaStreamSource(mic).connect(node);
    node.port.onmessage=function(e){ if(on) captured(e.data); };
    on=true; btn.textContent='Hang up'; btn.style.background='#dc2626'; sid='MZphone'+Date.now();
    ws=new WebSocket((location.protocol==='https:'?'wss':'ws')+'://'+location.host+'/api/v1/calls/media');
    ws.onopen=function(){ send({event:'connected',protocol:'Call',version:'1.0.0'}); send({event:'start',start:{streamSid:sid,callSid:b.call.id,customParameters:{ticket:b.ticket}}}); say('On the call with '+to); keys.forEach(function(k){k.disabled=false}); };
    ws.onmessage=function(e){ var m=JSON.parse(e.data);
      if(m.event==='media'&&m.media) play(m.media.payload); else if(m.event==='mark') send({event:'mark',mark:m.mark});
      else if(m.event==='clear') flush(); else if(m.event==='error') end(m.message); };
    ws.onclose=function(){ end(); };
  }
  btn.addEventListener('click', function(){ if(on) end(); else start().catch(function(e){ end('The call failed: '+e.message); }); });
  keys.forEach(function(k){ k.addEventListener('click', function(){ send({event:'dtmf',dtmf:{track:'inbound_track',digit:k.getAttribute('data-key')}}); say('Sent '+k.getAttribute('data-key')); }); });
})();
`;
