#pragma once

#include <QByteArray>
#include <QString>

#include <string_view>

// Strict UTF-8 checking of outside bytes (import files), so a bad byte is reported by its offset
// instead of surfacing as a parser exception or a silently replaced character.
namespace engram::utf8 {

// The offset of the first byte that does not start or continue a valid UTF-8 sequence, or -1 when
// all of `bytes` is valid. Overlong forms, surrogates and code points above U+10FFFF are invalid.
qsizetype firstInvalidByte(const QByteArray& bytes);

// The text of UTF-8 `bytes`, every character kept. Unlike QString::fromUtf8, a U+FEFF at the start
// stays: inside a JSON string or a streamed piece it is text (a zero-width no-break space), not a
// byte-order mark, and dropping it would change the text between two pieces or an export and its
// import. Invalid bytes become U+FFFD.
QString decode(std::string_view bytes);

} // namespace engram::utf8
