#include "core/Utf8.h"

#include <QStringDecoder>

namespace engram::utf8 {
namespace {

bool isContinuation(unsigned char c)
{
    return (c & 0xC0) == 0x80;
}

// The length of the valid sequence starting at `i`, or 0 when it is not valid. The ranges of the
// second byte follow the table of RFC 3629 §4, which rules out overlongs and surrogates.
int sequenceLength(const unsigned char* p, qsizetype i, qsizetype size)
{
    const unsigned char c = p[i];
    if (c < 0x80)
        return 1;
    int length = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
        length = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        length = 3;
        if (c == 0xE0)
            low = 0xA0;
        else if (c == 0xED)
            high = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        length = 4;
        if (c == 0xF0)
            low = 0x90;
        else if (c == 0xF4)
            high = 0x8F;
    } else {
        return 0;
    }
    if (i + length > size)
        return 0;
    if (p[i + 1] < low || p[i + 1] > high)
        return 0;
    for (int k = 2; k < length; ++k) {
        if (!isContinuation(p[i + k]))
            return 0;
    }
    return length;
}

} // namespace

qsizetype firstInvalidByte(const QByteArray& bytes)
{
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.constData());
    const qsizetype size = bytes.size();
    qsizetype i = 0;
    while (i < size) {
        // Fast path over ASCII, which is most of any JSON document.
        if (p[i] < 0x80) {
            ++i;
            continue;
        }
        const int length = sequenceLength(p, i, size);
        if (length == 0)
            return i;
        i += length;
    }
    return -1;
}

QString decode(std::string_view bytes)
{
    QStringDecoder decoder(QStringDecoder::Utf8,
                           QStringDecoder::Flag::Stateless | QStringDecoder::Flag::ConvertInitialBom);
    return decoder.decode(QByteArrayView(bytes.data(), static_cast<qsizetype>(bytes.size())));
}

} // namespace engram::utf8
