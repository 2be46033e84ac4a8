/// The sandbox's `tokenizer.min.js`: the platform's published client API of the hosted
/// tokenization page, for a merchant page, unchanged:
///
/// - `new Tokenizer(hostedTokenizationUrl, containerId, options, tokenId?)`;
/// - `initialize()`: a Promise; frames the page (`iframe[name=htpIframe0]`, the next instance
///   `htpIframe1`, ...) into the element of id `containerId`, resolves once the form is ready,
///   rejects with `{message}`;
/// - `submitTokenization({storePermanently})`: a Promise of `{success, hostedTokenizationId}` or
///   `{success: false, error: {message}}` (a second submit of a session fails so);
/// - `useToken(tokenId?)` (a stored card the session offers; without an id, back to a new card),
///   `setAmount(amount, currency)` (accepted, no surcharge computed), `destroy()`;
/// - options `validationCallback({valid})` and `paymentProductUpdatedCallback({paymentProductId})`;
///   `hideCardholderName`, `hideTokenFields`, `surchargeCallback` are accepted and not applied.
///
/// Messages go to the frame only, at its exact origin; a message is taken only from the frame's
/// window at that origin; none carries card data. The frame's height follows its content.
enum TokenizerScript {
    static let source = #"""
        /* Sandbox stand-in for the platform's tokenizer.min.js (PaymentFormEngine). */
        (function(w,d){"use strict";var P="payform-htp/1",n=0;
        function T(url,containerId,options,tokenId){if(!(this instanceof T))throw new TypeError("use new Tokenizer(url, containerId, options)");
        this.u=new URL(String(url),w.location.href).href;this.o=new URL(this.u).origin;this.c=containerId;this.p=options||{};this.t=tokenId||null;
        this.f=null;this.q={};this.i=0;this.r=null;this.h=null}
        T.prototype.initialize=function(){var s=this;return new Promise(function(ok,no){
        var c=d.getElementById(s.c);if(!c)return no({message:"no element with id "+s.c});if(s.f)return no({message:"initialize() was called already"});
        var f=d.createElement("iframe");f.name="htpIframe"+n++;f.title="Card details";f.style.width="100%";f.style.border="0";
        s.f=f;s.r={ok:ok,no:no};s.h=function(e){s._m(e)};w.addEventListener("message",s.h);
        f.addEventListener("load",function(){s._s({type:"init",tokenId:s.t})});f.src=s.u;c.appendChild(f)})};
        T.prototype._s=function(m){if(this.f&&this.f.contentWindow){m.protocol=P;this.f.contentWindow.postMessage(m,this.o)}};
        T.prototype._m=function(e){var s=this,m=e.data,p=s.p;if(!s.f||e.origin!==s.o||e.source!==s.f.contentWindow||!m||m.protocol!==P)return;
        if(m.type==="ready"&&s.r){s.r.ok();s.r=null}else if(m.type==="failed"&&s.r){s.r.no({message:String(m.message)});s.r=null}
        else if(m.type==="resize"&&m.height>0){s.f.style.height=Math.ceil(m.height)+"px"}
        else if(m.type==="validity"&&typeof p.validationCallback==="function"){p.validationCallback({valid:!!m.valid})}
        else if(m.type==="product"&&typeof p.paymentProductUpdatedCallback==="function"){p.paymentProductUpdatedCallback({paymentProductId:m.paymentProductId})}
        else if(m.type==="submitted"&&s.q[m.requestId]){var r=m.result||{};s.q[m.requestId](r.success?{success:true,hostedTokenizationId:String(r.hostedTokenizationId)}
        :{success:false,error:{message:String(r.error&&r.error.message||"the tokenization failed")}});delete s.q[m.requestId]}};
        T.prototype.submitTokenization=function(o){var s=this;return new Promise(function(ok){
        if(!s.f||s.r)return ok({success:false,error:{message:"initialize() has not finished"}});
        var id=++s.i;s.q[id]=ok;s._s({type:"submit",requestId:id,storePermanently:!!(o&&o.storePermanently)})})};
        T.prototype.useToken=function(t){this._s({type:"useToken",tokenId:t||null})};
        T.prototype.setAmount=function(){};
        T.prototype.destroy=function(){var s=this;if(s.h)w.removeEventListener("message",s.h);if(s.f&&s.f.parentNode)s.f.parentNode.removeChild(s.f);
        if(s.r)s.r.no({message:"destroyed"});Object.keys(s.q).forEach(function(k){s.q[k]({success:false,error:{message:"destroyed"}})});
        s.q={};s.f=null;s.r=null;s.h=null};
        w.Tokenizer=T})(window,document);

        """#
}
