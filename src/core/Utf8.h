#pragma once

#include <QByteArray>

// Strict UTF-8 checking of outside bytes (import files), so a bad byte is reported by its offset
// instead of surfacing as a parser exception or a silently replaced character.
namespace engram::utf8 {

// The offset of the first byte that does not start or continue a valid UTF-8 sequence, or -1 when
// all of `bytes` is valid. Overlong forms, surrogates and code points above U+10FFFF are invalid.
qsizetype firstInvalidByte(const QByteArray& bytes);

} // namespace engram::utf8
