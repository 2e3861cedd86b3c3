filedesc://x.arc 192.0.2.1 19960923142103 text/plain 75
1 0 rfc1738 corpus
URL IP-address Archive-date Content-type Archive-length

http://before.test/ 192.0.2.1 19960923142103 text/html 72
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="a.html">a.html</A>

http://liar.test/ 192.0.2.1 19960923142103 text/html 17825792
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="lost.html">lost.html</A>

http://after.test/0 192.0.2.1 19960923142103 text/html 74
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="n0.html">n0.html</A>

http://after.test/1 192.0.2.1 19960923142103 text/html 74
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="n1.html">n1.html</A>

http://after.test/2 192.0.2.1 19960923142103 text/html 74
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="n2.html">n2.html</A>

http://after.test/3 192.0.2.1 19960923142103 text/html 74
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="n3.html">n3.html</A>

http://after.test/4 192.0.2.1 19960923142103 text/html 74
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="n4.html">n4.html</A>

http://after.test/5 192.0.2.1 19960923142103 text/html 74
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="n5.html">n5.html</A>

http://after.test/6 192.0.2.1 19960923142103 text/html 74
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="n6.html">n6.html</A>

http://after.test/7 192.0.2.1 19960923142103 text/html 74
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="n7.html">n7.html</A>

http://after.test/8 192.0.2.1 19960923142103 text/html 74
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="n8.html">n8.html</A>

http://after.test/9 192.0.2.1 19960923142103 text/html 74
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="n9.html">n9.html</A>

http://after.test/10 192.0.2.1 19960923142103 text/html 76
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="n10.html">n10.html</A>

http://after.test/11 192.0.2.1 19960923142103 text/html 76
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="n11.html">n11.html</A>

http://after.test/12 192.0.2.1 19960923142103 text/html 76
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="n12.html">n12.html</A>

http://after.test/13 192.0.2.1 19960923142103 text/html 76
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="n13.html">n13.html</A>

http://after.test/14 192.0.2.1 19960923142103 text/html 76
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="n14.html">n14.html</A>

http://after.test/15 192.0.2.1 19960923142103 text/html 76
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="n15.html">n15.html</A>

http://after.test/16 192.0.2.1 19960923142103 text/html 76
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="n16.html">n16.html</A>

http://after.test/17 192.0.2.1 19960923142103 text/html 76
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="n17.html">n17.html</A>

http://after.test/18 192.0.2.1 19960923142103 text/html 76
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="n18.html">n18.html</A>

http://after.test/19 192.0.2.1 19960923142103 text/html 76
HTTP/1.0 200 OK
Content-Type: text/html

<A HREF="n19.html">n19.html</A>

