http://first.test/ 192.0.2.1 19960923142103 text/html 76
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="one.html">one.html</A>

http://second.test/ 192.0.2.1 19960923142103 text/html 76
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="two.html">two.html</A>

