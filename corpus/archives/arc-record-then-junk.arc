filedesc://x.arc 192.0.2.1 19960923142103 text/plain 75
1 0 rfc1738 corpus
URL IP-address Archive-date Content-type Archive-length

http://good.test/ 192.0.2.1 19960923142103 text/html 78
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="kept.html">kept.html</A>

The monkeys are a coming!
http://next.test/ 192.0.2.1 19960923142103 text/html 78
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="next.html">next.html</A>

