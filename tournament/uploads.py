"""Uploaded files are never kept beyond ``SPREADSHEET_MAX_BYTES`` (the largest spreadsheet
the pages accept): the first handler of ``FILE_UPLOAD_HANDLERS`` stops passing a file's data
on once it is over the limit and hands the form an empty file that records the size it
reached, so that the page says how large the file was instead of storing it."""

from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.files.uploadhandler import FileUploadHandler


class OversizedUpload(SimpleUploadedFile):
    """What is left of a file over the limit: no content, the size it reached (at least)."""

    def __init__(self, name: str, content_type: str, size: int):
        super().__init__(name, b"", content_type)
        self.size = size


class SizeLimitHandler(FileUploadHandler):
    def new_file(self, *args, **kwargs):
        super().new_file(*args, **kwargs)
        self.received = 0
        self.over = False

    def receive_data_chunk(self, raw_data, start):
        self.received += len(raw_data)
        if self.received > settings.SPREADSHEET_MAX_BYTES:
            self.over = True
        # None: the handlers after this one (memory, temporary file) get nothing more.
        return None if self.over else raw_data

    def file_complete(self, file_size):
        if not self.over:
            return None  # the next handler hands over the file
        return OversizedUpload(self.file_name, self.content_type, self.received)
