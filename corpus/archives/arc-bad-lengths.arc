filedesc://bad.arc 192.0.2.1 19960923142103 text/plain -1
1 0 Bad
URL IP-address Archive-date Content-type Archive-length

http://minus.test/ 192.0.2.1 19960923142103 text/html -1
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="m.html">m.html</A>

http://good.test/ 192.0.2.1 199609231421030000 text/html 78
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="kept.html">kept.html</A>

http://letters.test/ 192.0.2.1 19960923142103 text/html abc
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="l.html">l.html</A>

