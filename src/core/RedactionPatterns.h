#pragma once

#include "core/Redactor.h"

#include <QList>
#include <QString>

// The text patterns behind Redactor: stated passwords and API keys. Internal to Redactor; every
// function takes width-folded text (see foldWidth) and returns positions valid in the original.
namespace engram::redaction {

// The text with full-width ASCII forms (Ａ, １, ：) and the ideographic space turned into ASCII,
// one UTF-16 unit for one, so that every index still points at the same place in the original.
QString foldWidth(const QString& text);

bool isAsciiAlnum(QChar c);

// "密码是abc123", "PIN: 1234", "my password is hunter2", "pwd=…": the value only, lead-in kept.
// `original` is the unfolded text, needed to tell a full-width comma ending a value from an ASCII one.
QList<Redaction> findStatedPasswords(const QString& folded, const QString& original);

// A number the user labels as an identity document's ("身份证号 …", "证件号码：…", "passport no. …",
// "SSN …"): masked whatever its check digit, since the label says what it is.
QList<Redaction> findLabelledIds(const QString& folded);

// Keys and tokens: well-known prefixes (sk-, AKIA, ghp_, xoxb-…), Bearer tokens, key = value
// assignments, private key blocks, passwords in URLs, and long random-looking hex or base64.
QList<Redaction> findApiKeys(const QString& folded);

} // namespace engram::redaction
