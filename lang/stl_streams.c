/* lang/stl_streams.c -- the text of <sstream> and <fstream> as simtvm builds
 * them in, written in K (SPEC 2.8).
 *
 * Output: `os << v` on a std::ostringstream, std::stringstream or
 * std::ofstream is rewritten by lang/iostream.c into a call of
 * std::__simtvm_put_* with the kind of insertion C++ picks; the runtime
 * formats it as std::cout would (runtime/ostream.c) into the stream's
 * string.  An ofstream writes that string to its file when it is closed or
 * goes out of scope.
 *
 * Input: a stream reads from a std::string (`_in`): an istringstream's
 * text, or an ifstream's whole file, read with fopen/fread when it is
 * opened (SPEC 2.8's host I/O: the path the program names, relative to
 * where simtvm runs).  `is >> v` is an ordinary operator>> of this text,
 * one per type, which parses as libstdc++'s num_get does (C++11 rules:
 * on failure the value is 0 and failbit is set; out of range, the
 * type's limit and failbit; reaching the end sets eofbit). */
#include "stl.h"

/* What every output stream holds (runtime/ostream.c's formatting state)
 * and its one insertion. */
#define OSTREAM_MEMBERS \
    "    string _s;\n" \
    "    long _st[4];   // flags, width, precision, fill: runtime/ostream.c's state\n" \
    "    void _out_init()\n" \
    "    {\n" \
    "        _st[0] = 32;   // dec\n" \
    "        _st[1] = 0;\n" \
    "        _st[2] = 6;\n" \
    "        _st[3] = ' ';\n" \
    "    }\n" \
    "    // One insertion: formatted into b, or into a buffer of the right size\n" \
    "    // (with the state as it was) when b was too small.\n" \
    "    void _put(int kind, long v, double d, bool is_double)\n" \
    "    {\n" \
    "        char b[256];\n" \
    "        long saved[4];\n" \
    "        memcpy(saved, _st, sizeof saved);\n" \
    "        long n = is_double ? std::__simtvm_format(b, sizeof b, _st, kind, d)\n" \
    "                           : std::__simtvm_format(b, sizeof b, _st, kind, v);\n" \
    "        if (n < (long)sizeof b) {\n" \
    "            _s.append(b, n);\n" \
    "            return;\n" \
    "        }\n" \
    "        char *p = (char *)malloc(n + 1);\n" \
    "        memcpy(_st, saved, sizeof saved);\n" \
    "        if (is_double)\n" \
    "            std::__simtvm_format(p, n + 1, _st, kind, d);\n" \
    "        else\n" \
    "            std::__simtvm_format(p, n + 1, _st, kind, v);\n" \
    "        _s.append(p, n);\n" \
    "        free(p);\n" \
    "    }\n"

/* The open modes as a file stream's members (std::fstream::app), the
 * values of namespace std::ios's. */
#define OPEN_MODES \
    "    static constexpr int app = 1, ate = 2, binary = 4, in = 8, out = 16, trunc = 32;\n"

/* The insertions lang/iostream.c calls, for output stream class S. */
#define PUT_FUNCTIONS(S) PUT_FUNCTIONS_THEN(S, "")
/* ... and then `after` (a stringstream makes what was written readable) */
#define PUT_FUNCTIONS_THEN(S, after) \
    "inline " S " &__simtvm_put_l(" S " &o, int kind, long v)\n" \
    "{\n" \
    "    o._put(kind, v, 0.0, false);\n" after \
    "    return o;\n" \
    "}\n" \
    "inline " S " &__simtvm_put_d(" S " &o, int kind, double v)\n" \
    "{\n" \
    "    o._put(kind, 0, v, true);\n" after \
    "    return o;\n" \
    "}\n" \
    "inline " S " &__simtvm_put_s(" S " &o, int kind, const char *v)\n" \
    "{\n" \
    "    o._put(kind, (long)v, 0.0, false);\n" after \
    "    return o;\n" \
    "}\n" \
    "inline " S " &__simtvm_put_str(" S " &o, int kind, const string &v)\n" \
    "{\n" \
    "    o._put(kind, (long)v.c_str(), 0.0, false);\n" after \
    "    return o;\n" \
    "}\n"

/* What every input stream holds: the text, where reading is, the state
 * bits (1 failbit, 2 eofbit), the width of the next string extraction and
 * the count of the last unformatted read; the parsing the operators share. */
#define ISTREAM_MEMBERS \
    "    string _in;\n" \
    "    unsigned long _pos;\n" \
    "    int _state;\n" \
    "    long _iw;\n" \
    "    long _gc;\n" \
    "    void _in_init()\n" \
    "    {\n" \
    "        _pos = 0;\n" \
    "        _state = 0;\n" \
    "        _iw = 0;\n" \
    "        _gc = 0;\n" \
    "    }\n" \
    "    bool good() const { return _state == 0; }\n" \
    "    bool fail() const { return (_state & 1) != 0; }\n" \
    "    bool bad() const { return false; }\n" \
    "    bool eof() const { return (_state & 2) != 0; }\n" \
    "    void clear() { _state = 0; }\n" \
    "    operator bool() const { return (_state & 1) == 0; }\n" \
    "    bool operator!() const { return (_state & 1) != 0; }\n" \
    "    long width() const { return _iw; }\n" \
    "    long width(long w)\n" \
    "    {\n" \
    "        long old = _iw;\n" \
    "        _iw = w;\n" \
    "        return old;\n" \
    "    }\n" \
    "    long gcount() const { return _gc; }\n" \
    "    // the next character, or -1 at the end (which sets eofbit)\n" \
    "    int peek()\n" \
    "    {\n" \
    "        if (_have())\n" \
    "            return (unsigned char)_in._p[_pos];\n" \
    "        _state |= 2;\n" \
    "        return -1;\n" \
    "    }\n" \
    "    int get()\n" \
    "    {\n" \
    "        _gc = 0;\n" \
    "        int c = _state ? -1 : peek();\n" \
    "        if (c < 0) {\n" \
    "            _state |= 1;\n" \
    "            return -1;\n" \
    "        }\n" \
    "        _adv();\n" \
    "        _gc = 1;\n" \
    "        return c;\n" \
    "    }\n" \
    "    // get(c): the next character into c; true while the stream is good (C++\n" \
    "    // returns the stream itself, which a test converts to the same)\n" \
    "    bool get(char &c)\n" \
    "    {\n" \
    "        int got = get();\n" \
    "        if (got >= 0)\n" \
    "            c = (char)got;\n" \
    "        return got >= 0;\n" \
    "    }\n" \
    "    void unget()\n" \
    "    {\n" \
    "        _state &= ~2;\n" \
    "        if (_pos > 0)\n" \
    "            _pos--;\n" \
    "        else\n" \
    "            _state |= 1;\n" \
    "    }\n" \
    "    void ignore(long n, int delim)\n" \
    "    {\n" \
    "        _gc = 0;\n" \
    "        while (_gc < n) {\n" \
    "            int c = peek();\n" \
    "            if (c < 0)\n" \
    "                return;\n" \
    "            _adv();\n" \
    "            _gc++;\n" \
    "            if (c == delim)\n" \
    "                return;\n" \
    "        }\n" \
    "    }\n" \
    "    void ignore(long n) { ignore(n, -1); }\n" \
    "    void ignore() { ignore(1, -1); }\n" \
    "    // read(p, n): true while the stream is good, as C++'s istream & tests\n" \
    "    // (`if (!f.read(buf, n))`)\n" \
    "    bool read(char *p, long n)\n" \
    "    {\n" \
    "        _gc = 0;\n" \
    "        while (_gc < n && peek() >= 0) {\n" \
    "            p[_gc++] = _in._p[_pos];\n" \
    "            _adv();\n" \
    "        }\n" \
    "        if (_gc < n)\n" \
    "            _state |= 1;\n" \
    "        return (_state & 1) == 0;\n" \
    "    }\n" \
    "    long tellg() const { return _state & 1 ? -1 : (long)_pos; }\n" \
    "    void seekg(long pos)\n" \
    "    {\n" \
    "        _state &= ~2;\n" \
    "        if (pos < 0 || (unsigned long)pos > _in._n)\n" \
    "            _state |= 1;\n" \
    "        else\n" \
    "            _pos = (unsigned long)pos;\n" \
    "    }\n" \
    "    // seekg(off, dir): from the start (0, ios::beg), here (1) or the end (2)\n" \
    "    void seekg(long off, int dir)\n" \
    "    {\n" \
    "        if (_state & 1)\n" \
    "            return;\n" \
    "        seekg(off + (dir == 2 ? (long)_in._n : dir == 1 ? (long)_pos : 0));\n" \
    "    }\n" \
    "    // the sentry of a formatted extraction: whitespace skipped; false\n" \
    "    // (failbit set) when the stream was not good or only spaces are left\n" \
    "    bool _sentry()\n" \
    "    {\n" \
    "        if (_state) {\n" \
    "            _state |= 1;\n" \
    "            return false;\n" \
    "        }\n" \
    "        int c;\n" \
    "        while ((c = peek()) == ' ' || (c >= '\\t' && c <= '\\r'))\n" \
    "            _adv();\n" \
    "        if (c < 0)\n" \
    "            _state |= 1;\n" \
    "        return c >= 0;\n" \
    "    }\n" \
    "    // after the sentry (the extractions call it: a value is left as it was\n" \
    "    // when it fails): an integer, sign and decimal digits; *mag saturates\n" \
    "    bool _digits(bool *neg, unsigned long long *mag, bool *ovf)\n" \
    "    {\n" \
    "        *neg = false;\n" \
    "        *mag = 0;\n" \
    "        *ovf = false;\n" \
    "        int c = peek();\n" \
    "        if (c == '-' || c == '+') {\n" \
    "            *neg = c == '-';\n" \
    "            _adv();\n" \
    "        }\n" \
    "        int n = 0;\n" \
    "        while ((c = peek()) >= '0' && c <= '9') {\n" \
    "            unsigned long long d = (unsigned long long)(c - '0');\n" \
    "            if (*mag > (18446744073709551615ull - d) / 10)\n" \
    "                *ovf = true;\n" \
    "            else\n" \
    "                *mag = *mag * 10 + d;\n" \
    "            _adv();\n" \
    "            n++;\n" \
    "        }\n" \
    "        if (n == 0)\n" \
    "            _state |= 1;\n" \
    "        return n > 0;\n" \
    "    }\n" \
    "    // a signed value in [lo, hi]: the limit and failbit when out of it\n" \
    "    long long _signed(long long lo, long long hi)\n" \
    "    {\n" \
    "        bool neg, ovf;\n" \
    "        unsigned long long m;\n" \
    "        if (!_digits(&neg, &m, &ovf))\n" \
    "            return 0;\n" \
    "        if (!neg && (ovf || m > (unsigned long long)hi)) {\n" \
    "            _state |= 1;\n" \
    "            return hi;\n" \
    "        }\n" \
    "        if (neg && (ovf || m > (unsigned long long)hi + 1 || -(long long)m < lo)) {\n" \
    "            _state |= 1;\n" \
    "            return lo;\n" \
    "        }\n" \
    "        return neg ? -(long long)m : (long long)m;\n" \
    "    }\n" \
    "    // an unsigned value up to hi; `-n` wraps, as strtoull's does\n" \
    "    unsigned long long _unsigned(unsigned long long hi)\n" \
    "    {\n" \
    "        bool neg, ovf;\n" \
    "        unsigned long long m;\n" \
    "        if (!_digits(&neg, &m, &ovf))\n" \
    "            return 0;\n" \
    "        if (ovf || m > hi) {\n" \
    "            _state |= 1;\n" \
    "            return hi;\n" \
    "        }\n" \
    "        return neg ? (0 - m) & hi : m;\n" \
    "    }\n" \
    "    // a floating-point number: the characters num_get accepts, then strtod\n" \
    "    double _real()\n" \
    "    {\n" \
    "        unsigned long start = _pos;\n" \
    "        int c = peek(), digits = 0;\n" \
    "        if (c == '-' || c == '+')\n" \
    "            _adv();\n" \
    "        while ((c = peek()) >= '0' && c <= '9') {\n" \
    "            _adv();\n" \
    "            digits++;\n" \
    "        }\n" \
    "        if (c == '.') {\n" \
    "            _adv();\n" \
    "            while ((c = peek()) >= '0' && c <= '9') {\n" \
    "                _adv();\n" \
    "                digits++;\n" \
    "            }\n" \
    "        }\n" \
    "        if (digits && (c == 'e' || c == 'E')) {\n" \
    "            _adv();\n" \
    "            c = peek();\n" \
    "            if (c == '-' || c == '+')\n" \
    "                _adv();\n" \
    "            while ((c = peek()) >= '0' && c <= '9')\n" \
    "                _adv();\n" \
    "        }\n" \
    "        if (!digits) {\n" \
    "            _state |= 1;\n" \
    "            return 0.0;\n" \
    "        }\n" \
    "        string text(_in._p + start, _pos - start);\n" \
    "        char *end;\n" \
    "        double v = strtod(text.c_str(), &end);\n" \
    "        if (*end) {   // `1e` or `1e+`: nothing num_get would convert\n" \
    "            _state |= 1;\n" \
    "            return 0.0;\n" \
    "        }\n" \
    "        if (v > 1.79769313486231570815e308 || v < -1.79769313486231570815e308)\n" \
    "            _state |= 1;\n" \
    "        return v;\n" \
    "    }\n" \
    "    // a word: characters up to a space, at most width() of them (the\n" \
    "    // width is used up only when the sentry let the extraction run)\n" \
    "    void _word(string &w)\n" \
    "    {\n" \
    "        long max = _iw > 0 ? _iw : 9223372036854775807;\n" \
    "        _iw = 0;\n" \
    "        w.clear();\n" \
    "        int c;\n" \
    "        while ((long)w.size() < max && (c = peek()) >= 0 && c != ' ' &&\n" \
    "               !(c >= '\\t' && c <= '\\r')) {\n" \
    "            w.push_back((char)c);\n" \
    "            _adv();\n" \
    "        }\n" \
    "    }\n"

/* Whether there is a character at _pos, and stepping over it, for a stream
 * over a string or a whole file (std::cin's come from stdin: TEXT_CIN). */
#define STRING_SOURCE \
    "    bool _have() { return _pos < _in._n; }\n" \
    "    void _adv() { _pos++; }\n"

/* The extractions of input stream class S. */
#define EXTRACTORS(S) \
    "inline " S " &operator>>(" S " &is, short &v) { if (is._sentry()) v = (short)is._signed(-32768, 32767); return is; }\n" \
    "inline " S " &operator>>(" S " &is, unsigned short &v) { if (is._sentry()) v = (unsigned short)is._unsigned(65535); return is; }\n" \
    "inline " S " &operator>>(" S " &is, int &v) { if (is._sentry()) v = (int)is._signed(-2147483647 - 1, 2147483647); return is; }\n" \
    "inline " S " &operator>>(" S " &is, unsigned &v) { if (is._sentry()) v = (unsigned)is._unsigned(4294967295u); return is; }\n" \
    "inline " S " &operator>>(" S " &is, long &v)\n" \
    "{\n" \
    "    if (is._sentry())\n" \
    "        v = (long)is._signed(-9223372036854775807 - 1, 9223372036854775807);\n" \
    "    return is;\n" \
    "}\n" \
    "inline " S " &operator>>(" S " &is, unsigned long &v) { if (is._sentry()) v = (unsigned long)is._unsigned(18446744073709551615ull); return is; }\n" \
    "inline " S " &operator>>(" S " &is, long long &v)\n" \
    "{\n" \
    "    if (is._sentry())\n" \
    "        v = is._signed(-9223372036854775807 - 1, 9223372036854775807);\n" \
    "    return is;\n" \
    "}\n" \
    "inline " S " &operator>>(" S " &is, unsigned long long &v) { if (is._sentry()) v = is._unsigned(18446744073709551615ull); return is; }\n" \
    "inline " S " &operator>>(" S " &is, double &v) { if (is._sentry()) v = is._real(); return is; }\n" \
    "inline " S " &operator>>(" S " &is, float &v)\n" \
    "{\n" \
    "    if (!is._sentry())\n" \
    "        return is;\n" \
    "    double d = is._real();\n" \
    "    if (d > 3.40282346638528859812e38 || d < -3.40282346638528859812e38) {\n" \
    "        is._state |= 1;   // out of float's range: the limit, as libstdc++\n" \
    "        d = d > 0 ? 3.40282346638528859812e38 : -3.40282346638528859812e38;\n" \
    "    }\n" \
    "    v = (float)d;\n" \
    "    return is;\n" \
    "}\n" \
    "inline " S " &operator>>(" S " &is, bool &v)\n" \
    "{\n" \
    "    if (!is._sentry())\n" \
    "        return is;\n" \
    "    long long n = is._signed(-9223372036854775807 - 1, 9223372036854775807);\n" \
    "    if (n != 0 && n != 1 && !(is._state & 1))\n" \
    "        is._state |= 1;\n" \
    "    v = n != 0;\n" \
    "    return is;\n" \
    "}\n" \
    "inline " S " &operator>>(" S " &is, char &v)\n" \
    "{\n" \
    "    if (is._sentry())\n" \
    "    {\n" \
    "        v = (char)is._in._p[is._pos];\n" \
    "        is._adv();\n" \
    "    }\n" \
    "    return is;\n" \
    "}\n" \
    "inline " S " &operator>>(" S " &is, string &v)\n" \
    "{\n" \
    "    if (is._sentry())\n" \
    "        is._word(v);\n" \
    "    else\n" \
    "        is._iw = 0;\n" \
    "    return is;\n" \
    "}\n" \
    "inline " S " &getline(" S " &is, string &line, char delim)\n" \
    "{\n" \
    "    line.clear();\n" \
    "    if (is._state) {\n" \
    "        is._state |= 1;\n" \
    "        return is;\n" \
    "    }\n" \
    "    long n = 0;\n" \
    "    int c;\n" \
    "    while ((c = is.peek()) >= 0) {\n" \
    "        is._adv();\n" \
    "        n++;\n" \
    "        if (c == (unsigned char)delim)\n" \
    "            break;\n" \
    "        line.push_back((char)c);\n" \
    "    }\n" \
    "    if (n == 0)\n" \
    "        is._state |= 1;\n" \
    "    is._gc = n;\n" \
    "    return is;\n" \
    "}\n" \
    "inline " S " &getline(" S " &is, string &line) { return getline(is, line, '\\n'); }\n"

static const char TEXT_SSTREAM[] =
    "// <sstream> as simtvm builds it in, written in K (SPEC 2.8): string streams\n"
    "// (lang/stl_streams.c says how they read and write)\n"
    "#pragma once\n"
    "#include <stdlib.h>\n"
    "#include <string.h>\n"
    "namespace std {\n"
    "struct ostringstream {\n"
    OSTREAM_MEMBERS
    "    ostringstream() { _out_init(); }\n"
    "    ostringstream(const string &s) { _out_init(); _s = s; }\n"
    "    string str() const { return _s; }\n"
    "    void str(const string &s) { _s = s; }\n"
    "    void clear() {}\n"
    "};\n"
    "struct istringstream {\n"
    ISTREAM_MEMBERS
    STRING_SOURCE
    "    istringstream() { _in_init(); }\n"
    "    istringstream(const string &s) { _in_init(); _in = s; }\n"
    "    istringstream(const char *s) { _in_init(); _in = s; }\n"
    "    string str() const { return _in; }\n"
    "    void str(const string &s)\n"
    "    {\n"
    "        _in = s;\n"
    "        _pos = 0;\n"
    "    }\n"
    "};\n"
    "// both: what is written is what is read next\n"
    "struct stringstream {\n"
    OSTREAM_MEMBERS
    ISTREAM_MEMBERS
    STRING_SOURCE
    "    stringstream() { _out_init(); _in_init(); }\n"
    "    stringstream(const string &s) { _out_init(); _in_init(); _s = s; _sync(); }\n"
    "    void _sync() { _in = _s; }\n"
    "    string str() const { return _s; }\n"
    "    void str(const string &s)\n"
    "    {\n"
    "        _s = s;\n"
    "        _in = s;\n"
    "        _pos = 0;\n"
    "    }\n"
    "};\n"
    PUT_FUNCTIONS("ostringstream")
    PUT_FUNCTIONS_THEN("stringstream", "    o._in = o._s;\n")
    EXTRACTORS("istringstream")
    EXTRACTORS("stringstream")
    "}\n";

static const char TEXT_FSTREAM[] =
    "// <fstream> as simtvm builds it in, written in K (SPEC 2.8): an ifstream\n"
    "// reads its whole file when it is opened, an ofstream writes its text to\n"
    "// its file when it is closed (lang/stl_streams.c)\n"
    "#pragma once\n"
    "#include <stdio.h>\n"
    "#include <stdlib.h>\n"
    "#include <string.h>\n"
    "namespace std {\n"
    "// the open modes, and the directions of seekg: libstdc++'s beg, cur and end\n"
    "namespace ios {\n"
    "const int app = 1, ate = 2, binary = 4, in = 8, out = 16, trunc = 32;\n"
    "const int beg = 0, cur = 1, end = 2;\n"
    "}\n"
    "namespace ios_base {\n"
    "const int app = 1, ate = 2, binary = 4, in = 8, out = 16, trunc = 32;\n"
    "const int beg = 0, cur = 1, end = 2;\n"
    "}\n"
    "struct ifstream {\n"
    OPEN_MODES
    ISTREAM_MEMBERS
    STRING_SOURCE
    "    bool _open;\n"
    "    ifstream() { _in_init(); _open = false; }\n"
    "    ifstream(const char *path) { _in_init(); _open = false; open(path); }\n"
    "    ifstream(const char *path, int mode) { _in_init(); _open = false; open(path); }\n"
    "    ifstream(const string &path) { _in_init(); _open = false; open(path.c_str()); }\n"
    "    ifstream(const string &path, int mode) { _in_init(); _open = false; open(path.c_str()); }\n"
    "    void open(const char *path)\n"
    "    {\n"
    "        FILE *f = fopen(path, \"rb\");\n"
    "        if (!f) {\n"
    "            _state |= 1;\n"
    "            return;\n"
    "        }\n"
    "        char buf[4096];\n"
    "        unsigned long n;\n"
    "        _in.clear();\n"
    "        while ((n = fread(buf, 1, sizeof buf, f)) > 0)\n"
    "            _in.append(buf, n);\n"
    "        fclose(f);\n"
    "        _pos = 0;\n"
    "        _state = 0;\n"
    "        _open = true;\n"
    "    }\n"
    "    void open(const char *path, int mode) { open(path); }\n"
    "    void open(const string &path) { open(path.c_str()); }\n"
    "    void open(const string &path, int mode) { open(path.c_str()); }\n"
    "    bool is_open() const { return _open; }\n"
    "    void close()\n"
    "    {\n"
    "        if (!_open)\n"
    "            _state |= 1;\n"
    "        _open = false;\n"
    "    }\n"
    "};\n"
    "struct ofstream {\n"
    OPEN_MODES
    OSTREAM_MEMBERS
    "    FILE *_f;\n"
    "    ofstream() { _out_init(); _f = NULL; }\n"
    "    ofstream(const char *path) { _out_init(); _f = NULL; open(path, 16); }\n"
    "    ofstream(const char *path, int mode) { _out_init(); _f = NULL; open(path, mode); }\n"
    "    ofstream(const string &path) { _out_init(); _f = NULL; open(path.c_str(), 16); }\n"
    "    ofstream(const string &path, int mode) { _out_init(); _f = NULL; open(path.c_str(), mode); }\n"
    "    ~ofstream() { close(); }\n"
    "    void open(const char *path, int mode) { _f = fopen(path, mode & 1 ? \"ab\" : \"wb\"); }\n"
    "    void open(const char *path) { open(path, 16); }\n"
    "    void open(const string &path) { open(path.c_str(), 16); }\n"
    "    bool is_open() const { return _f != NULL; }\n"
    "    bool good() const { return _f != NULL; }\n"
    "    bool fail() const { return _f == NULL; }\n"
    "    operator bool() const { return _f != NULL; }\n"
    "    bool operator!() const { return _f == NULL; }\n"
    "    void flush()\n"
    "    {\n"
    "        if (_f && _s.size()) {\n"
    "            fwrite(_s.c_str(), 1, _s.size(), _f);\n"
    "            _s.clear();\n"
    "        }\n"
    "    }\n"
    "    void write(const char *p, long n)\n"
    "    {\n"
    "        _s.append(p, (unsigned long)n);\n"
    "    }\n"
    "    void close()\n"
    "    {\n"
    "        flush();\n"
    "        if (_f)\n"
    "            fclose(_f);\n"
    "        _f = NULL;\n"
    "    }\n"
    "};\n"
    "// both: reads the file as it was when opened; what << and write() put\n"
    "// goes to the file when it is closed, from its start (in | out, the\n"
    "// default: the file must exist), truncated (out or trunc without in) or\n"
    "// appended (app)\n"
    "struct fstream {\n"
    OPEN_MODES
    OSTREAM_MEMBERS
    ISTREAM_MEMBERS
    STRING_SOURCE
    "    const char *_wmode;   // fopen's mode for the text written, NULL when closed\n"
    "    string _path;\n"
    "    fstream() { _out_init(); _in_init(); _wmode = NULL; }\n"
    "    fstream(const char *path) { _out_init(); _in_init(); _wmode = NULL; open(path, 24); }\n"
    "    fstream(const char *path, int mode) { _out_init(); _in_init(); _wmode = NULL; open(path, mode); }\n"
    "    fstream(const string &path) { _out_init(); _in_init(); _wmode = NULL; open(path.c_str(), 24); }\n"
    "    fstream(const string &path, int mode) { _out_init(); _in_init(); _wmode = NULL; open(path.c_str(), mode); }\n"
    "    ~fstream() { close(); }\n"
    "    void open(const char *path, int mode)\n"
    "    {\n"
    "        bool in = (mode & 8) != 0, out = (mode & 17) != 0;\n"
    "        _wmode = mode & 1 ? \"ab\" : in && !(mode & 32) ? \"r+b\" : \"wb\";\n"
    "        FILE *f = fopen(path, in && !(mode & 32) ? \"rb\" : _wmode);\n"
    "        if (!f) {\n"
    "            _state |= 1;\n"
    "            _wmode = NULL;\n"
    "            return;\n"
    "        }\n"
    "        char buf[4096];\n"
    "        unsigned long n;\n"
    "        _in.clear();\n"
    "        while (in && (n = fread(buf, 1, sizeof buf, f)) > 0)\n"
    "            _in.append(buf, n);\n"
    "        fclose(f);\n"
    "        if (!out)\n"
    "            _wmode = \"\";\n"
    "        _path = path;\n"
    "        _pos = 0;\n"
    "        _state = 0;\n"
    "    }\n"
    "    void open(const char *path) { open(path, 24); }\n"
    "    void open(const string &path) { open(path.c_str(), 24); }\n"
    "    void open(const string &path, int mode) { open(path.c_str(), mode); }\n"
    "    bool is_open() const { return _wmode != NULL; }\n"
    "    void write(const char *p, long n) { _s.append(p, (unsigned long)n); }\n"
    "    void flush() {}\n"
    "    void close()\n"
    "    {\n"
    "        if (!_wmode) {\n"
    "            _state |= 1;\n"
    "            return;\n"
    "        }\n"
    "        if (_wmode[0] && _s.size()) {\n"
    "            FILE *f = fopen(_path.c_str(), _wmode);\n"
    "            if (f) {\n"
    "                fwrite(_s.c_str(), 1, _s.size(), f);\n"
    "                fclose(f);\n"
    "            }\n"
    "        }\n"
    "        _s.clear();\n"
    "        _wmode = NULL;\n"
    "    }\n"
    "};\n"
    PUT_FUNCTIONS("ofstream")
    PUT_FUNCTIONS("fstream")
    EXTRACTORS("ifstream")
    EXTRACTORS("fstream")
    "}\n";

/* std::cin reads the stdin simtvm was given, through C's stdin, as
 * libstdc++'s cin synchronised with stdio does: a character is taken from
 * stdin only when the extraction consumes it, so scanf, getchar and fgets
 * read on where std::cin stopped.  Peeking takes the next character and
 * pushes it back (ungetc); the characters read are kept in _in (unget). */
static const char TEXT_CIN[] =
    "// <iostream>'s std::cin as simtvm builds it in, written in K (SPEC 2.8;\n"
    "// lang/stl_streams.c says how it reads)\n"
    "#pragma once\n"
    "#include <stdio.h>\n"
    "#include <stdlib.h>\n"
    "#include <string.h>\n"
    "namespace std {\n"
    "typedef long streamsize;\n"
    "struct istream {\n"
    ISTREAM_MEMBERS
    "    bool _pending;   // _in's last character is still in stdin (peeked)\n"
    "    bool _have()\n"
    "    {\n"
    "        if (_pos < _in._n && !(_pending && _pos + 1 == _in._n))\n"
    "            return true;   // read before, and given back by unget()\n"
    "        if (_pending) {   // peeked: scanf or getchar may have taken it since\n"
    "            _in._n--;\n"
    "            _pending = false;\n"
    "        }\n"
    "        int c = fgetc(stdin);\n"
    "        if (c < 0)\n"
    "            return false;\n"
    "        ungetc(c, stdin);\n"
    "        _in.push_back((char)c);\n"
    "        _pending = true;\n"
    "        return true;\n"
    "    }\n"
    "    void _adv()\n"
    "    {\n"
    "        if (_pending && _pos + 1 == _in._n) {\n"
    "            fgetc(stdin);\n"
    "            _pending = false;\n"
    "        }\n"
    "        _pos++;\n"
    "    }\n"
    "    // cin.tie(0): nothing is tied here (std::cout writes at once)\n"
    "    void *tie(const void *os) { return NULL; }\n"
    "};\n"
    "istream cin;   // all zeros: an empty text, nothing read, good\n"
    "namespace ios_base {\n"
    "inline bool sync_with_stdio(bool sync = true)\n"
    "{\n"
    "    static bool synced = true;\n"
    "    bool was = synced;\n"
    "    synced = sync;\n"
    "    return was;\n"
    "}\n"
    "}\n"
    "namespace ios {\n"
    "inline bool sync_with_stdio(bool sync = true) { return ios_base::sync_with_stdio(sync); }\n"
    "}\n"
    EXTRACTORS("istream")
    "}\n";

const char *k_stl_cin_text(void)
{
    return TEXT_CIN;
}

const char *k_stl_sstream_text(void)
{
    return TEXT_SSTREAM;
}

const char *k_stl_fstream_text(void)
{
    return TEXT_FSTREAM;
}
