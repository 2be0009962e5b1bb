#pragma once

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <cstdint>

// What every harness of tests/fuzz needs: Qt set up once per process, and a loud failure when an
// invariant breaks (libFuzzer records the input that made the process abort).
namespace engram::fuzz {

// A QCoreApplication for the process (Qt's SQL plugins and text codecs want one), and Qt's log
// messages silenced: a harness runs millions of inputs, and the warnings of refused ones are noise.
void initQt();

// The bytes as given, and as UTF-8 text (invalid sequences become U+FFFD, as everywhere in Qt).
QByteArray bytes(const uint8_t* data, size_t size);
QString text(const uint8_t* data, size_t size);

// Prints what broke, with the values involved, and aborts: the fuzzer keeps the input.
[[noreturn]] void fail(const char* invariant, const QString& detail = {});

} // namespace engram::fuzz
