# Generates the Lottie animations under src/assets/lottie/ (python3 scripts/generate-lottie.py).
# Hand-written shape layers only: no images, no expressions (the light player cannot run them).
import json, os
OUT=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'src', 'assets', 'lottie')

def st(v): return {"a":0,"k":v}
def ease(): return {"i":{"x":[0.33],"y":[1]},"o":{"x":[0.67],"y":[0]}}
def anim(keys):
    # keys: list of (t, value)
    ks=[]
    for i,(t,v) in enumerate(keys):
        k={"t":t,"s":v if isinstance(v,list) else [v]}
        if i < len(keys)-1: k.update(ease())
        ks.append(k)
    return {"a":1,"k":ks}
def col(h, a=1):
    h=h.lstrip('#'); return [int(h[i:i+2],16)/255 for i in (0,2,4)]+[a]
def tr(p=[0,0], s=[100,100], r=0, o=100, a=[0,0]):
    return {"ty":"tr","p":p if isinstance(p,dict) else st(p),"a":st(a),"s":s if isinstance(s,dict) else st(s),"r":r if isinstance(r,dict) else st(r),"o":o if isinstance(o,dict) else st(o),"sk":st(0),"sa":st(0)}
def ks(p=[100,100,0], s=[100,100,100], r=0, o=100, a=[0,0,0]):
    f=lambda v: v if isinstance(v,dict) else st(v)
    return {"o":f(o),"r":f(r),"p":f(p),"a":f(a),"s":f(s)}
def fill(c,a=1,o=100): return {"ty":"fl","c":st(col(c,a)),"o":o if isinstance(o,dict) else st(o),"r":1}
def stroke(c,w,o=100): return {"ty":"st","c":st(col(c)),"o":st(o),"w":st(w),"lc":2,"lj":2,"ml":4}
def el(size,p=[0,0]): return {"ty":"el","p":st(p),"s":size if isinstance(size,dict) else st(size),"d":1}
def rc(size,r,p=[0,0]): return {"ty":"rc","p":st(p),"s":st(size),"r":st(r),"d":1}
def path(v, closed=False, i=None, o=None):
    z=[[0,0]]*len(v)
    return {"ty":"sh","ks":st({"i":i or z,"o":o or z,"v":v,"c":closed})}
def trim(end): return {"ty":"tm","s":st(0),"e":end,"o":st(0),"m":1}
def group(items, t=None, nm="g"): return {"ty":"gr","nm":nm,"it":items+[t or tr()]}
def layer(ind, shapes, k=None, nm="l", op=60):
    return {"ddd":0,"ind":ind,"ty":4,"nm":nm,"sr":1,"ks":k or ks(),"ao":0,"shapes":shapes,"ip":0,"op":op,"st":0,"bm":0}
def comp(nm, op, layers):
    return {"v":"5.7.4","fr":30,"ip":0,"op":op,"w":200,"h":200,"nm":nm,"ddd":0,"assets":[],"layers":layers}
def save(name, data):
    with open(os.path.join(OUT,name+'.json'),'w') as f: json.dump(data,f,separators=(',',':'))

BLUE='#3390ec'; RED='#e53935'; GREEN='#34c759'; AMBER='#ff9f0a'; PURPLE='#7c5cff'; TEAL='#2ec4b6'

# --- success: tinted halo, green disc pops in, check draws itself -----------------------------
op=45
save('success', comp('success', op, [
  layer(1,[group([path([[-30,2],[-9,22],[32,-20]]), trim(anim([(12,0),(30,100)])), stroke('#ffffff',12)])], nm='check', op=op),
  layer(2,[group([el([120,120]), fill(GREEN)])], ks(s=anim([(0,[0,0,100]),(14,[110,110,100]),(22,[100,100,100])])), nm='disc', op=op),
  layer(3,[group([el([170,170]), fill(GREEN,1,18)])], ks(s=anim([(4,[40,40,100]),(24,[100,100,100])]), o=anim([(4,0),(24,100)])), nm='halo', op=op),
]))

# --- blocked: red halo, disc pops in, padlock drops and shakes ----------------------------------
op=60
# Earlier groups draw on top: the keyhole, then the body, then the shackle (a bezier arc).
lock = [
  group([el([10,10],[0,10]), fill(RED)], nm='hole'),
  group([rc([4,11],2,[0,16]), fill(RED)], nm='slot'),
  group([rc([50,38],8,[0,14]), fill('#ffffff')], nm='body'),
]
lock.append(group([path([[-15,0],[-15,-14],[15,-14],[15,0]], i=[[0,0],[0,0],[0,-17],[0,0]], o=[[0,0],[0,-17],[0,0],[0,0]]), stroke('#ffffff',9)], nm='shackle'))
save('blocked', comp('blocked', op, [
  layer(1, lock, ks(p=anim([(8,[100,70,0]),(22,[100,104,0]),(28,[100,98,0]),(34,[100,102,0])]), r=anim([(34,0),(38,-10),(42,8),(46,-5),(50,2),(54,0)]), o=anim([(8,0),(16,100)])), nm='lock', op=op),
  layer(2,[group([el([120,120]), fill(RED)])], ks(s=anim([(0,[0,0,100]),(12,[110,110,100]),(20,[100,100,100])])), nm='disc', op=op),
  layer(3,[group([el([170,170]), fill(RED,1,16)])], ks(s=anim([(4,[40,40,100]),(24,[100,100,100])]), o=anim([(4,0),(24,100)])), nm='halo', op=op),
]))

# --- empty: an open tray floating, three dots rising out of it (seamless loop) -----------------
op=90
tray = [
  group([path([[-46,0],[-30,-26],[30,-26],[46,0]]), stroke(BLUE,7)], nm='rim'),
  group([rc([92,42],12,[0,20]), fill(BLUE,1,22)], nm='box-fill'),
  group([path([[-46,0],[-18,0],[-12,10],[12,10],[18,0],[46,0],[46,36],[-46,36]], closed=True), stroke(BLUE,7)], nm='box'),
]
def dot(ind, x, delay, c):
    # rises from the tray and fades; keys cover 0..op so the loop is seamless
    return layer(ind,[group([el([12,12]), fill(c)])], ks(p=anim([(0,[x,118,0]),(delay,[x,118,0]),(delay+40,[x,62,0]),(op,[x,62,0])]), o=anim([(0,0),(delay,0),(delay+10,100),(delay+34,100),(delay+44,0),(op,0)])), nm='dot', op=op)
save('empty', comp('empty', op, [
  layer(1, tray, ks(p=anim([(0,[100,128,0]),(45,[100,121,0]),(90,[100,128,0])])), nm='tray', op=op),
  dot(2, 84, 4, BLUE), dot(3, 100, 18, AMBER), dot(4, 116, 32, TEAL),
  layer(5,[group([el([110,14]), fill('#8e8e93',1,18)])], ks(p=[100,178,0], s=anim([(0,[100,100,100]),(45,[88,88,100]),(90,[100,100,100])])), nm='shadow', op=op),
]))

# --- news-books: a stack of three books that bounce in turn, with a twinkling star -------------
op=90
def book(ind, y, w, c, delay, tilt):
    shapes=[group([rc([w,22],5), fill(c)]), group([rc([w-14,4],2,[4,0]), fill('#ffffff',1,55)]), group([rc([6,22],2,[-w/2+8,0]), fill('#000000',1,14)])]
    return layer(ind, shapes, ks(p=anim([(0,[100,y,0]),(delay,[100,y,0]),(delay+8,[100,y-10,0]),(delay+16,[100,y,0]),(op,[100,y,0])]), r=tilt), nm='book', op=op)
star = [group([path([[0,-16],[4,-4],[16,0],[4,4],[0,16],[-4,4],[-16,0],[-4,-4]], closed=True), fill(AMBER)])]
save('news-books', comp('news-books', op, [
  layer(1, star, ks(p=[150,58,0], s=anim([(0,[70,70,100]),(30,[110,110,100]),(60,[70,70,100]),(90,[70,70,100])]), r=anim([(0,0),(90,90)])), nm='star', op=op),
  book(2, 96, 86, PURPLE, 30, -4),
  book(3, 120, 100, AMBER, 20, 3),
  book(4, 144, 112, BLUE, 10, 0),
  layer(5,[group([el([130,12]), fill('#8e8e93',1,18)])], ks(p=[100,162,0]), nm='shadow', op=op),
]))

# --- news-rocket: a rocket hovering with a flickering flame and passing stars (loop) ----------
op=60
body = [
  group([el([14,14],[0,-10]), fill('#ffffff')], nm='window-glass'),
  group([el([20,20],[0,-10]), fill(BLUE)], nm='window-ring'),
  group([path([[0,-46],[18,-20],[18,22],[-18,22],[-18,-20]], closed=True, i=[[-14,0],[0,-12],[0,0],[0,0],[0,0]], o=[[14,0],[0,0],[0,0],[0,0],[0,-12]]), fill('#eef1f5')], nm='hull'),
  group([path([[-18,4],[-32,26],[-18,22]], closed=True), fill(RED)], nm='fin-l'),
  group([path([[18,4],[32,26],[18,22]], closed=True), fill(RED)], nm='fin-r'),
]
flame = [group([path([[-10,24],[10,24],[0,50]], closed=True, i=[[0,0],[0,0],[6,0]], o=[[0,0],[0,0],[-6,0]]), fill(AMBER)])]
def streak(ind, x, delay):
    return layer(ind,[group([rc([3,18],1.5), fill(BLUE,1,60)])], ks(p=anim([(0,[x,-20,0]),(delay,[x,-20,0]),(delay+30,[x,220,0]),(op,[x,220,0])]) if delay+30<=op else anim([(0,[x,-20,0]),(op,[x,220,0])])), nm='streak', op=op)
save('news-rocket', comp('news-rocket', op, [
  layer(1, body, ks(p=anim([(0,[100,96,0]),(30,[100,88,0]),(60,[100,96,0])]), r=12), nm='rocket', op=op),
  layer(2, flame, ks(p=anim([(0,[95,119.5,0]),(30,[95,111.5,0]),(60,[95,119.5,0])]), r=12, a=[0,24,0], s=anim([(0,[100,100,100]),(8,[80,120,100]),(16,[100,90,100]),(24,[85,115,100]),(32,[100,100,100]),(44,[80,120,100]),(60,[100,100,100])])), nm='flame', op=op),
  streak(3, 44, 0), streak(4, 160, 14), streak(5, 66, 28),
  layer(6,[group([el([150,150]), fill(BLUE,1,14)])], ks(p=[100,100,0]), nm='halo', op=op),
]))
print('ok')
