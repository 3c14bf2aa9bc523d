const fs=require('fs');
const map=JSON.parse(fs.readFileSync('dist/server.js.map','utf8'));
// minimal VLQ decoder
const B='ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function dec(s){const r=[];let v=0,sh=0;for(const c of s){let d=B.indexOf(c);const cont=d&32;d&=31;v+=d<<sh;if(cont){sh+=5}else{r.push(v&1?-(v>>1):v>>1);v=0;sh=0}}return r}
const lines=map.mappings.split(';');
function find(L,C){let src=0,sl=0,sc=0,best=null;for(let i=0;i<lines.length;i++){let col=0;for(const seg of lines[i].split(',')){if(!seg)continue;const d=dec(seg);col+=d[0];if(d.length>1){src+=d[1];sl+=d[2];sc+=d[3];}if(i===L-1&&col<=C)best=[map.sources[src],sl+1,sc];}if(i>=L-1)break;}return best}
for (const [l,c] of [[180,7485],[191,993],[232,114]]) console.log(find(l,c));
