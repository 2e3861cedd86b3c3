filedesc://x.arc 192.0.2.1 19960923142103 text/plain 75
1 0 rfc1738 corpus
URL IP-address Archive-date Content-type Archive-length

http://first.test/ 192.0.2.1 19960923142103 text/html 76
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="one.html">one.html</A>
http://second.test/ 192.0.2.1 19960923142103 text/html 76
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="two.html">two.html</A>
http://third.test/ 192.0.2.1 19960923142103 text/html 80
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="three.html">three.html</A>

